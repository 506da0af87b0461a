import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALBUM_CODE_HEADER } from '@momentos/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JPEG_HEAD } from '@/test/media-heads';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { openQueueStore } from '../queue/queue-store';
import { UploadForm } from './upload-form';
import { weddingAlbum } from '@/test/guest-album';

const ALBUM_ID = weddingAlbum.id;
const CEREMONIA = '0b6f1f5e-4a57-4d39-9f3e-1f0a4d1c2b01';
const FIESTA = '0b6f1f5e-4a57-4d39-9f3e-1f0a4d1c2b02';
const album = weddingAlbum;

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
/** The album's sections; every other request (joining the album to send) stays unanswered. */
function serveSections(items: { id: string; name: string; position: number }[]) {
  fetchMock.mockImplementation((input) =>
    String(input) === `/api/albums/${ALBUM_ID}/sections`
      ? Promise.resolve(jsonResponse({ success: true, data: { items, limit: 3 } }))
      : new Promise<Response>(() => undefined),
  );
}
beforeEach(async () => {
  const store = await openQueueStore();
  for (const file of await store.list()) await store.remove(file.id);
});
afterEach(() => fetchMock.mockReset());

function setup() {
  const user = userEvent.setup();
  renderWithProviders(<UploadForm album={album} accessCode="123456" />, { path: '/guest/123456' });
  return user;
}

describe('the guest’s choice of section', () => {
  it('offers the main album and each section, and the chosen one goes with every file of the batch', async () => {
    serveSections([
      { id: CEREMONIA, name: 'Ceremonia', position: 0 },
      { id: FIESTA, name: 'Fiesta', position: 1 },
    ]);
    const user = setup();
    const choice = await screen.findByRole('group', { name: '¿En qué parte del álbum van tus fotos?' });
    expect(choice).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Álbum principal' })).toBeChecked();
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Álbum principal',
      'Ceremonia',
      'Fiesta',
    ]);
    const [, sectionsRequest] = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/sections'))!;
    expect((sectionsRequest?.headers as Record<string, string>)[ALBUM_CODE_HEADER]).toBe('123456');

    await user.click(screen.getByRole('radio', { name: 'Fiesta' }));
    await user.upload(screen.getByTestId('guest-file-input'), [
      new File([JPEG_HEAD, 'a'], 'uno.jpg', { type: 'image/jpeg' }),
      new File([JPEG_HEAD, 'b'], 'dos.jpg', { type: 'image/jpeg' }),
    ]);
    await user.type(screen.getByLabelText('Tu nombre'), 'Tía Carmen');
    await user.click(screen.getByTestId('guest-submit'));

    // Kept with each file on the device, so a retry or the service worker sends it into Fiesta too.
    const store = await openQueueStore();
    await waitFor(async () =>
      expect((await store.list(ALBUM_ID)).map((file) => [file.name, file.sectionId])).toEqual([
        ['uno.jpg', FIESTA],
        ['dos.jpg', FIESTA],
      ]),
    );
    expect(screen.getByRole('radio', { name: 'Fiesta' })).toBeDisabled();
  });

  it('sends into the main part when the guest keeps the first choice', async () => {
    serveSections([{ id: FIESTA, name: 'Fiesta', position: 0 }]);
    const user = setup();
    await screen.findByRole('radio', { name: 'Fiesta' });
    await user.upload(screen.getByTestId('guest-file-input'), [
      new File([JPEG_HEAD, 'a'], 'uno.jpg', { type: 'image/jpeg' }),
    ]);
    await user.type(screen.getByLabelText('Tu nombre'), 'Ana');
    await user.click(screen.getByTestId('guest-submit'));
    const store = await openQueueStore();
    await waitFor(async () => expect((await store.list(ALBUM_ID))[0]?.sectionId).toBeNull());
  });
});
