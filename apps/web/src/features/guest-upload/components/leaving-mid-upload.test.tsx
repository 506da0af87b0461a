import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { openQueueStore, type QueuedFile } from '../queue/queue-store';
import { UploadForm } from './upload-form';
import { UploadQueueBanner } from './upload-queue-banner';
import { weddingAlbum } from '@/test/guest-album';

// Issue 29 item 2: a guest who goes from the guest page to the shared album while files upload,
// and comes back.
const ALBUM_ID = weddingAlbum.id;
const FIESTA = '0b6f1f5e-4a57-4d39-9f3e-1f0a4d1c2b02';
const album = weddingAlbum;

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
// The album has a "Fiesta" section; every other request (joining the album to send) stays unanswered.
beforeEach(async () => {
  fetchMock.mockImplementation((input) =>
    String(input) === `/api/albums/${ALBUM_ID}/sections`
      ? Promise.resolve(jsonResponse({ success: true, data: { items: [{ id: FIESTA, name: 'Fiesta', position: 0 }] } }))
      : new Promise<Response>(() => undefined),
  );
  const store = await openQueueStore();
  for (const file of await store.list()) await store.remove(file.id);
});
afterEach(() => fetchMock.mockReset());

const guestPage = () =>
  renderWithProviders(<UploadForm album={album} accessCode="123456" />, { path: '/guest/123456' });
const sharedAlbum = () =>
  renderWithProviders(<UploadQueueBanner albumId={ALBUM_ID} accessCode="123456" onInAlbum={() => undefined} />, {
    path: `/album/${ALBUM_ID}`,
  });

function queued(name: string, change: Partial<QueuedFile>): QueuedFile {
  return {
    id: `file-${name}`,
    albumId: ALBUM_ID,
    blob: new Blob(['photo'], { type: 'image/jpeg' }),
    name,
    type: 'image/jpeg',
    size: 5,
    lastModified: 1,
    kind: 'photo',
    status: 'waiting',
    addedAt: Date.now(),
    uploaderName: 'Tía Carmen',
    sectionId: FIESTA,
    sent: 0,
    attempts: 0,
    ...change,
  };
}

describe('leaving the guest page while files upload', () => {
  it('comes back to the section the guest chose, not the main album', async () => {
    const user = userEvent.setup();
    guestPage();
    await user.click(await screen.findByRole('radio', { name: 'Fiesta' }));
    cleanup();

    guestPage();
    expect(await screen.findByRole('radio', { name: 'Fiesta' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Álbum principal' })).not.toBeChecked();
  });

  it('says on coming back that the batch the shared album finished is in the album', async () => {
    const store = await openQueueStore();
    for (const name of ['grande.jpg', 'dos.jpg', 'tres.jpg'])
      await store.put(queued(name, { status: 'pending', blob: null, sent: 5, photoId: `photo-${name}` }));
    sharedAlbum();
    // The shared album clears the queue once every file is in.
    await waitFor(async () => expect(await store.list(ALBUM_ID)).toEqual([]));
    cleanup();

    guestPage();
    const notice = await screen.findByTestId('guest-last-batch');
    expect(notice).toHaveTextContent('¡Listo! Tus 3 archivos ya están en el álbum.');
    expect(notice).toHaveTextContent('3 esperan la aprobación del anfitrión.');
  });

  it('sends from the shared album the files handed over after it opened', async () => {
    const store = await openQueueStore();
    sharedAlbum();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
    // The guest page, already closed, finishes handing the batch to the queue.
    await store.put(queued('tres.jpg', { status: 'waiting' }));
    // The shared album takes it up: it joins the album with the guest's name to send it.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(`/api/albums/${ALBUM_ID}/guests`, expect.anything()));
  });
});
