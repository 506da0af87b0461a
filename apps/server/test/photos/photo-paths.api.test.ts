import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-server.js';
import { albumWithGuestPhoto, completedAlbum, joinAlbum } from '../guests/guest-factories.js';

// The photo-addressed paths: POST /api/photos/{id}/like toggles, /api/photos/{id}/comments.
let server: TestServer;
let album: Awaited<ReturnType<typeof completedAlbum>>;
let token: string;
let photoId: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ album, token, photoId } = await albumWithGuestPhoto(server, 3));
});
afterAll(() => server.close());

const asGuest = (guestToken = token) => ({ headers: { 'x-guest-token': guestToken } });

describe('POST /api/photos/{photoId}/like', () => {
  it('toggles one like per guest and refuses a guest of another album', async () => {
    expect((await server.request('POST', `/api/photos/${photoId}/like`, asGuest())).body.data).toEqual({
      liked: true,
      likes: 1,
    });
    expect((await server.request('POST', `/api/photos/${photoId}/like`, asGuest())).body.data).toEqual({
      liked: false,
      likes: 0,
    });
    const other = await completedAlbum(server);
    const stranger = await joinAlbum(server, other);
    expect((await server.request('POST', `/api/photos/${photoId}/like`, asGuest(stranger))).status).toBe(403);
    expect((await server.request('POST', `/api/photos/${photoId}/like`)).status).toBe(401);
    expect(
      (await server.request('POST', '/api/photos/00000000-0000-4000-8000-000000000000/like', asGuest())).status,
    ).toBe(404);
  });
});

describe('/api/photos/{photoId}/comments', () => {
  it('adds a comment with the guest’s name, shown as text, and lists it for holders of the code', async () => {
    const added = await server.request('POST', `/api/photos/${photoId}/comments`, {
      ...asGuest(),
      body: { text: '  ¡Qué bonita <b>foto</b>!  ' },
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ authorName: 'Ana', text: '¡Qué bonita <b>foto</b>!' });
    const listed = await server.request('GET', `/api/photos/${photoId}/comments`, {
      headers: { 'x-album-code': album.accessCode },
    });
    expect(listed.body.data.items.map((comment: { text: string }) => comment.text)).toEqual([
      '¡Qué bonita <b>foto</b>!',
    ]);
    expect(
      (
        await server.request('POST', `/api/photos/${photoId}/comments`, {
          ...asGuest(),
          body: { text: 'x'.repeat(501) },
        })
      ).status,
    ).toBe(400);
    expect(
      (await server.request('GET', `/api/photos/${photoId}/comments`, { headers: { 'x-album-code': '000000' } }))
        .status,
    ).toBe(403);
  });
});
