import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { createTestI18n, jsonResponse } from '@/test/render';
import type { GuestPhoto } from '../api/album-api';
import { AlbumPage } from './album-page';
import { SlideshowPage } from './slideshow-page';
import { weddingAlbum } from '@/test/guest-album';

const ALBUM_ID = weddingAlbum.id;
const CEREMONIA = '0b6f1f5e-4a57-4d39-9f3e-1f0a4d1c2b01';
const FIESTA = '0b6f1f5e-4a57-4d39-9f3e-1f0a4d1c2b02';
const album = weddingAlbum;
const photo = (n: number, sectionId: string | null): GuestPhoto => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  fileName: '',
  thumbnailUrl: `/t${n}`,
  displayUrl: `/d${n}`,
  originalName: `IMG_${n}.jpg`,
  uploadedByName: 'Ana',
  uploadedAt: '2027-06-12T18:00:00.000Z',
  takenAt: null,
  status: 'approved',
  kind: 'photo',
  videoUrl: null,
  playback: null,
  likes: 0,
  comments: 0,
  likedByMe: false,
  sectionId,
});
const photos = [photo(1, null), photo(2, CEREMONIA), photo(3, FIESTA)];

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
// The grid's virtualiser measures and scrolls; jsdom does neither.
vi.stubGlobal('scrollTo', () => undefined);
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    disconnect() {}
  },
);
/** The album, its slideshow, its sections and its photos (of one section with `?section=`); nothing else answers. */
beforeEach(() =>
  fetchMock.mockImplementation((input) => {
    const url = new URL(String(input), 'http://momentos.test');
    if (url.pathname === '/api/albums/code/123456')
      return Promise.resolve(jsonResponse({ success: true, data: album }));
    if (url.pathname === `/api/albums/${ALBUM_ID}/sections`)
      return Promise.resolve(
        jsonResponse({
          success: true,
          data: {
            items: [
              { id: CEREMONIA, name: 'Ceremonia', position: 0 },
              { id: FIESTA, name: 'Fiesta', position: 1 },
            ],
            limit: 3,
          },
        }),
      );
    if (url.pathname === `/api/albums/${ALBUM_ID}/slideshow`)
      return Promise.resolve(
        jsonResponse({
          success: true,
          data: {
            albumId: ALBUM_ID,
            name: album.name,
            fontFamily: 'Georgia',
            accessCode: '123456',
            guestLink: 'http://momentos.test/guest/123456',
            qrUrl: '/qr.svg',
          },
        }),
      );
    if (url.pathname === `/api/albums/${ALBUM_ID}/photos`) {
      const section = url.searchParams.get('section');
      const inSection = (item: GuestPhoto) => item.sectionId === (section === 'main' ? null : section);
      const items = section ? photos.filter(inSection) : photos;
      return Promise.resolve(jsonResponse({ success: true, data: { items, totalCount: items.length } }));
    }
    return new Promise<Response>(() => undefined);
  }),
);
afterEach(() => fetchMock.mockReset());

const photoReads = () =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes(`/${ALBUM_ID}/photos?`));

function renderAlbum(search = '', page = '') {
  const user = userEvent.setup();
  const router = createMemoryRouter(
    [
      { path: '/album/:id', element: <AlbumPage /> },
      { path: '/album/:id/slideshow', element: <SlideshowPage /> },
    ],
    { initialEntries: [`/album/${ALBUM_ID}${page}?code=123456${search}`] },
  );
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user, router };
}

describe('the shared album’s section filter', () => {
  it('shows every photo first, then one section’s, keeping the choice in the address', async () => {
    const { user, router } = renderAlbum();
    const all = await screen.findByRole('radio', { name: 'Todas' });
    expect(all).toBeChecked();
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Todas',
      'Álbum principal',
      'Ceremonia',
      'Fiesta',
    ]);
    await waitFor(() => expect(screen.getByTestId('album-count')).toHaveTextContent('3 fotos'));

    await user.click(screen.getByRole('radio', { name: 'Fiesta' }));
    await waitFor(() => expect(screen.getByTestId('album-count')).toHaveTextContent('1 foto'));
    expect(photoReads().at(-1)).toContain(`section=${FIESTA}`);
    expect(router.state.location.search).toBe(`?section=${FIESTA}`);
    // The slideshow shows the same section.
    expect(screen.getByTestId('album-slideshow-link')).toHaveAttribute(
      'href',
      `/album/${ALBUM_ID}/slideshow?section=${FIESTA}`,
    );

    await user.click(screen.getByRole('radio', { name: 'Todas' }));
    await waitFor(() => expect(screen.getByTestId('album-count')).toHaveTextContent('3 fotos'));
    expect(router.state.location.search).toBe('');
  });

  it('shows the album’s main part alone: the photos in no section, as `?section=main`', async () => {
    const { user, router } = renderAlbum();
    await waitFor(() => expect(screen.getByTestId('album-count')).toHaveTextContent('3 fotos'));
    await user.click(screen.getByRole('radio', { name: 'Álbum principal' }));
    await waitFor(() => expect(screen.getByTestId('album-count')).toHaveTextContent('1 foto'));
    expect(photoReads().at(-1)).toContain('section=main');
    expect(router.state.location.search).toBe('?section=main');
    expect(screen.getByTestId('album-slideshow-link')).toHaveAttribute(
      'href',
      `/album/${ALBUM_ID}/slideshow?section=main`,
    );
  });

  it('opens on the main part from a link, and keeps it once the sections load', async () => {
    const { router } = renderAlbum('&section=main');
    expect(await screen.findByRole('radio', { name: 'Álbum principal' })).toBeChecked();
    await waitFor(() => expect(screen.getByTestId('album-count')).toHaveTextContent('1 foto'));
    expect(router.state.location.search).toBe('?section=main');
  });

  it('opens on the section a link names', async () => {
    renderAlbum(`&section=${CEREMONIA}`);
    expect(await screen.findByRole('radio', { name: 'Ceremonia' })).toBeChecked();
    await waitFor(() => expect(screen.getByTestId('album-count')).toHaveTextContent('1 foto'));
    expect(photoReads().every((url) => url.includes(`section=${CEREMONIA}`))).toBe(true);
  });

  it('plays one section in the slideshow, named under the album', async () => {
    renderAlbum(`&section=${FIESTA}`, '/slideshow');
    expect(await screen.findByTestId('slideshow-section')).toHaveTextContent('Sección: Fiesta');
    await waitFor(() => expect(photoReads().length).toBeGreaterThan(0));
    expect(photoReads().every((url) => url.includes(`section=${FIESTA}`))).toBe(true);
  });

  it('names the main part in the slideshow', async () => {
    renderAlbum('&section=main', '/slideshow');
    expect(await screen.findByTestId('slideshow-section')).toHaveTextContent('Sección: Álbum principal');
    await waitFor(() => expect(photoReads().length).toBeGreaterThan(0));
    expect(photoReads().every((url) => url.includes('section=main'))).toBe(true);
  });
});
