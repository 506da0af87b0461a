import { PHOTO_BATCH_MAX, type EventDetails, type OwnerPhoto } from '@momentos/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { PhotosTab } from './photos-tab';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const ALBUM_ID = '3f1c9a52-6d4e-4b7a-9c21-5e8f0a1b2c3d';
const PENDING = 130;
/** The page on screen holds the first few; the rest are on later pages. */
const SHOWN = 8;
const ids = Array.from({ length: PENDING }, (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`);
const details = {
  evento: { nombre: 'Boda de Ana y Luis' },
  habilidades: { verification: true, zipDownload: true },
  consolidado: { photos: PENDING, videos: 0, pendingPhotos: PENDING, hiddenPhotos: 0 },
} as unknown as EventDetails;

const photo = (id: string, n: number): OwnerPhoto => ({
  id,
  urlFoto: '/display.webp',
  thumbnail: '/thumb.webp',
  originalUrl: '/original.jpg',
  videoUrl: null,
  playback: null,
  fecha: '2027-06-12T20:00:00.000Z',
  kind: 'photo',
  originalName: `IMG_${n}.jpg`,
  uploadedByName: 'Tía Carmen',
  state: 'pending',
  likes: [],
  comentarios: [],
  sectionId: null,
});

/** The server: 130 pending photos, SHOWN of them on the page; the batch answers each part, failing the one `failAt` names. */
function serve(failAt?: number) {
  const parts: string[][] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith(`/api/events/photos/${ALBUM_ID}?`)) {
      const items = ids.slice(0, SHOWN).map(photo);
      return jsonResponse({ success: true, data: { items, totalCount: PENDING } });
    }
    if (url === `/api/events/${ALBUM_ID}/photo-ids?state=pending`)
      return jsonResponse({ success: true, data: { ids } });
    if (url === `/api/events/${ALBUM_ID}/photos/batch` && init?.method === 'POST') {
      const { photoIds } = JSON.parse(String(init.body)) as { photoIds: string[] };
      parts.push(photoIds);
      if (parts.length === failAt)
        return jsonResponse({ success: false, message: 'down', code: 'INTERNAL_ERROR' }, 500);
      return jsonResponse({ success: true, data: { done: photoIds, notFound: [] } });
    }
    if (url.startsWith('/api/events/details/') || url.includes('/sections'))
      return jsonResponse({ success: false }, 404);
    throw new Error(`unexpected request ${init?.method ?? 'GET'} ${url}`);
  });
  return parts;
}

async function selectAllPending() {
  const user = userEvent.setup();
  renderWithProviders(<PhotosTab id={ALBUM_ID} data={details} onOpenShare={() => {}} />);
  await user.click(await screen.findByTestId('selection-start'));
  expect(screen.getByTestId('selection-all')).toHaveTextContent(`Seleccionar todo (${PENDING})`);
  await user.click(screen.getByTestId('selection-all'));
  const bar = screen.getByRole('region', { name: 'Fotos seleccionadas' });
  await waitFor(() => expect(within(bar).getByTestId('selection-count')).toHaveTextContent('130 seleccionadas'));
  return { user, bar };
}

describe('the host’s selection', () => {
  it('selects every pending photo beyond the page shown and approves them in parts of at most 100', async () => {
    const parts = serve();
    const { user, bar } = await selectAllPending();
    expect(document.querySelectorAll('[role="checkbox"][aria-checked="true"]')).toHaveLength(SHOWN);
    await user.click(within(bar).getByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByText('130 fotos aprobadas')).toBeInTheDocument();
    expect(parts.map((part) => part.length)).toEqual([PHOTO_BATCH_MAX, PENDING - PHOTO_BATCH_MAX]);
    expect(parts.flat()).toEqual(ids);
    expect(within(bar).getByTestId('selection-count')).toHaveTextContent('0 seleccionadas');
  });

  it('says how far it got when a part fails, and keeps the rest chosen to try again', async () => {
    serve(2);
    const { user, bar } = await selectAllPending();
    await user.click(within(bar).getByRole('button', { name: 'Ocultar' }));
    expect(
      await screen.findByText('Se completaron 100 de 130; las demás siguen seleccionadas para intentarlo de nuevo.'),
    ).toBeInTheDocument();
    expect(within(bar).getByTestId('selection-count')).toHaveTextContent('30 seleccionadas');
  });
});
