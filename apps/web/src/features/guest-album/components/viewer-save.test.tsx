import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { GuestPhoto } from '../api/album-api';
import { savedFileName, ViewerSave } from './viewer-save';

const photo: GuestPhoto = {
  id: '3f0c2a8e-1b7d-4c55-9e2a-6d1f0b9a7c31',
  fileName: '/api/albums/a/photos/p/display?exp=1&sig=s',
  thumbnailUrl: '/api/albums/a/photos/p/thumb?exp=1&sig=s',
  displayUrl: '/api/albums/a/photos/p/display?exp=1&sig=s',
  originalName: 'IMG_2041.HEIC',
  uploadedByName: 'Tía Carmen',
  uploadedAt: '2027-06-12T20:00:00.000Z',
  takenAt: null,
  status: 'approved',
  kind: 'photo',
  videoUrl: null,
  playback: null,
  likes: 0,
  comments: 0,
  likedByMe: false,
  sectionId: null,
};
const saving = { albumName: 'Boda de Ana y Luis', accessCode: '123456' };

afterEach(() => {
  delete (Navigator.prototype as Partial<Navigator>).share;
});

describe('ViewerSave', () => {
  it('names the copy a guest keeps after the original, with the rendition’s extension', () => {
    expect(savedFileName({ originalName: 'IMG_2041.HEIC' })).toBe('IMG_2041.webp');
    expect(savedFileName({ originalName: 'boda.final.jpg' })).toBe('boda.final.webp');
    expect(savedFileName({ originalName: '.jpg' })).toBe('foto.webp');
  });

  it('downloads the display copy; offers sharing only where the browser can share', () => {
    const { unmount } = renderWithProviders(<ViewerSave albumId="a" photo={photo} saving={saving} />);
    const download = screen.getByRole('link', { name: 'Descargar esta foto' });
    expect(download).toHaveAttribute('href', photo.displayUrl);
    expect(download).toHaveAttribute('download', 'IMG_2041.webp');
    expect(screen.queryByRole('button', { name: 'Compartir esta foto' })).not.toBeInTheDocument();
    unmount();

    Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: async () => undefined });
    renderWithProviders(<ViewerSave albumId="a" photo={photo} saving={saving} />);
    expect(screen.getByRole('button', { name: 'Compartir esta foto' })).toBeInTheDocument();
  });

  it('offers nothing for a video', () => {
    const { container } = renderWithProviders(
      <ViewerSave albumId="a" photo={{ ...photo, kind: 'video', videoUrl: '/v.mp4' }} saving={saving} />,
    );
    expect(container.querySelector('[data-testid="viewer-download"]')).toBeNull();
  });
});
