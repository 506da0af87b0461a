import type { EventDetails, OwnerPhoto } from '@momentos/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { PhotosTab } from './photos-tab';

const ALBUM_ID = '3f1c9a52-6d4e-4b7a-9c21-5e8f0a1b2c3d';
const FIESTA = '0b6f1f5e-4a57-4d39-9f3e-1f0a4d1c2b02';
const details = {
  habilidades: { verification: false },
  consolidado: { pendingPhotos: 0, hiddenPhotos: 0 },
} as unknown as EventDetails;
const photo = (n: number, sectionId: string | null): OwnerPhoto => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  urlFoto: `/d${n}`,
  thumbnail: `/t${n}`,
  originalUrl: `/o${n}`,
  videoUrl: null,
  playback: null,
  fecha: '2027-06-12T20:00:00.000Z',
  kind: 'photo',
  originalName: `IMG_${n}.jpg`,
  uploadedByName: 'Ana',
  state: 'approved',
  likes: [],
  comentarios: [],
  sectionId,
});
const photos = [photo(1, null), photo(2, FIESTA)];

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
beforeEach(() =>
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://momentos.test');
    if (url.pathname === `/api/events/${ALBUM_ID}/sections`)
      return jsonResponse({
        success: true,
        data: { items: [{ id: FIESTA, name: 'Fiesta', position: 0, photoCount: 1 }], limit: 3 },
      });
    if (url.pathname === `/api/events/photos/${ALBUM_ID}`) {
      const section = url.searchParams.get('section');
      const inSection = (item: OwnerPhoto) => item.sectionId === (section === 'main' ? null : section);
      const items = section ? photos.filter(inSection) : photos;
      return jsonResponse({ success: true, data: { items, totalCount: items.length } });
    }
    throw new Error(`unexpected request ${String(input)}`);
  }),
);
afterEach(() => fetchMock.mockReset());

const tiles = () => within(screen.getByTestId('photo-grid')).getAllByRole('listitem');

describe('the host’s photos by section', () => {
  it('narrows the list to one section and says which section a photo is in', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PhotosTab id={ALBUM_ID} data={details} onOpenShare={() => {}} />);
    expect(await screen.findByRole('radio', { name: 'Todas las secciones' })).toBeChecked();
    await waitFor(() => expect(tiles()).toHaveLength(2));

    await user.click(screen.getByRole('radio', { name: 'Fiesta' }));
    await waitFor(() => expect(tiles()).toHaveLength(1));
    const reads = fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/photos/'));
    expect(reads.at(-1)).toContain(`section=${FIESTA}`);

    await user.click(screen.getByRole('button', { name: /IMG_2\.jpg/ }));
    expect(within(screen.getByTestId('photo-dialog')).getByTestId('photo-section')).toHaveTextContent(
      'Sección: Fiesta',
    );
  });

  it('offers the album’s main part after “all”, listing the photos in no section', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PhotosTab id={ALBUM_ID} data={details} onOpenShare={() => {}} />);
    await screen.findByRole('radio', { name: 'Fiesta' });
    expect(
      within(screen.getByTestId('photo-section-filter'))
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Todas las secciones', 'Álbum principal', 'Fiesta']);
    await waitFor(() => expect(tiles()).toHaveLength(2));

    await user.click(screen.getByRole('radio', { name: 'Álbum principal' }));
    expect(screen.getByRole('radio', { name: 'Álbum principal' })).toBeChecked();
    await waitFor(() => expect(tiles()).toHaveLength(1));
    const reads = fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/photos/'));
    expect(reads.at(-1)).toContain('section=main');
    expect(screen.getByRole('button', { name: /IMG_1\.jpg/ })).toBeInTheDocument();
  });
});
