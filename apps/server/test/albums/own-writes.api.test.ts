import type { GuestPhoto } from '@momentos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completedAlbum, enableVerification, joinAlbum, uploadedPhoto } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

/**
 * Read-your-writes does not hang on the database's notices (albums/album-events.ts `announcerOf`):
 * the server that answers a write forgets what it made stale itself, so a listener that is slow,
 * stalled or gone costs the writer neither a wait nor a stale page.
 */
describe("a guest's own writes", () => {
  it('show in their next read on the same server even when its change notices go unheard', async () => {
    const album = await completedAlbum(server);
    // Pending photos are seen only by their uploader: no live event announces them.
    await enableVerification(server, album.host.customizationId);
    const token = await joinAlbum(server, album);
    const page = async () => {
      const response = await server.request('GET', `/api/albums/${album.albumId}/photos`, {
        headers: { 'x-guest-token': token },
      });
      expect(response.status).toBe(200);
      return response.body.data.items as GuestPhoto[];
    };
    // Kept in the album's read cache from here on.
    expect(await page()).toEqual([]);
    await server.app.services.albumEvents.stop();

    const uploaded = await uploadedPhoto(server, album.albumId, token, 71);
    expect(uploaded.status).toBe('pending');
    expect((await page()).map((photo) => [photo.id, photo.likes])).toEqual([[uploaded.id, 0]]);

    const liked = await server.request('POST', `/api/albums/${album.albumId}/photos/${uploaded.id}/likes`, {
      headers: { 'x-guest-token': token },
    });
    expect(liked.status).toBe(200);
    expect((await page()).map((photo) => [photo.id, photo.likes, photo.likedByMe])).toEqual([[uploaded.id, 1, true]]);
  });
});
