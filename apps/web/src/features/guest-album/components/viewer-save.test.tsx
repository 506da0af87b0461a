import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { GuestPhoto } from '../api/album-api';
import { jpegDownloadUrl, savedFileName, ViewerSave } from './viewer-save';

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
  delete (Navigator.prototype as { clipboard?: unknown }).clipboard;
});

describe('ViewerSave', () => {
  it('names the copy a guest keeps after the original, as a JPEG (a shared file keeps the WebP)', () => {
    expect(savedFileName({ originalName: 'IMG_2041.HEIC' })).toBe('IMG_2041.jpg');
    expect(savedFileName({ originalName: 'boda.final.png' })).toBe('boda.final.jpg');
    expect(savedFileName({ originalName: '.jpg' })).toBe('foto.jpg');
    expect(savedFileName({ originalName: 'IMG_2041.HEIC' }, 'webp')).toBe('IMG_2041.webp');
    expect(jpegDownloadUrl('/p/display?exp=1&sig=s')).toBe('/p/display?exp=1&sig=s&format=jpeg');
  });

  it('downloads the display copy as a JPEG; offers sharing where the browser can share, else the link to copy', () => {
    const { unmount } = renderWithProviders(<ViewerSave albumId="a" photo={photo} saving={saving} />);
    const download = screen.getByRole('link', { name: 'Descargar esta foto' });
    expect(download).toHaveAttribute('href', `${photo.displayUrl}&format=jpeg`);
    expect(download).toHaveAttribute('download', 'IMG_2041.jpg');
    expect(screen.queryByRole('button', { name: 'Compartir esta foto' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar el enlace de esta foto' })).toBeInTheDocument();
    unmount();

    Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: async () => undefined });
    renderWithProviders(<ViewerSave albumId="a" photo={photo} saving={saving} />);
    expect(screen.getByRole('button', { name: 'Compartir esta foto' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copiar el enlace de esta foto' })).not.toBeInTheDocument();
  });

  it("copies the photo's link and says so; shows the link when the clipboard refuses", async () => {
    const written: string[] = [];
    let allow = true;
    Object.defineProperty(Navigator.prototype, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => (allow ? void written.push(text) : Promise.reject(new Error('denied'))),
      },
    });
    const { unmount } = renderWithProviders(<ViewerSave albumId="a" photo={photo} saving={saving} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copiar el enlace de esta foto' }));
    expect(await screen.findByText('Enlace copiado')).toBeInTheDocument();
    expect(written).toEqual([`${window.location.origin}/album/a?code=123456&photo=${photo.id}`]);
    unmount();

    allow = false;
    renderWithProviders(<ViewerSave albumId="a" photo={photo} saving={saving} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copiar el enlace de esta foto' }));
    expect(await screen.findByText(/Copia este enlace: .*photo=/)).toBeInTheDocument();
  });

  it('offers nothing for a video', () => {
    const { container } = renderWithProviders(
      <ViewerSave albumId="a" photo={{ ...photo, kind: 'video', videoUrl: '/v.mp4' }} saving={saving} />,
    );
    expect(container.querySelector('[data-testid="viewer-download"]')).toBeNull();
  });
});
