import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-server.js';
import { albumWithGuestPhoto, completedAlbum, joinAlbum } from './guest-factories.js';

let server: TestServer;
let album: Awaited<ReturnType<typeof completedAlbum>>;
let token: string;
let photoId: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ album, token, photoId } = await albumWithGuestPhoto(server, 1));
});
afterAll(() => server.close());

const photoPath = (suffix: string, albumId = album.albumId, id = photoId) => `/api/albums/${albumId}/photos/${id}/${suffix}`;
const asGuest = (guestToken = token) => ({ headers: { 'x-guest-token': guestToken } });

describe('likes', () => {
  it('one like per guest per photo, idempotent both ways, counted in the list', async () => {
    const luis = await joinAlbum(server, album, 'Luis');
    expect((await server.request('POST', photoPath('likes'), asGuest())).body.data).toEqual({ liked: true, likes: 1 });
    expect((await server.request('POST', photoPath('likes'), asGuest())).body.data).toEqual({ liked: true, likes: 1 });
    expect((await server.request('POST', photoPath('likes'), asGuest(luis))).body.data).toEqual({ liked: true, likes: 2 });
    const listed = await server.request('GET', `/api/albums/${album.albumId}/photos`, asGuest());
    expect(listed.body.data.items[0]).toMatchObject({ likes: 2, likedByMe: true });
    expect((await server.request('DELETE', photoPath('likes'), asGuest(luis))).body.data).toEqual({ liked: false, likes: 1 });
    expect((await server.request('DELETE', photoPath('likes'), asGuest(luis))).body.data).toEqual({ liked: false, likes: 1 });
  });

  it('needs a guest token of the same album; the code alone only reads', async () => {
    const other = await completedAlbum(server);
    const otherToken = await joinAlbum(server, other);
    expect((await server.request('POST', photoPath('likes'), { headers: { 'x-album-code': album.accessCode } })).status).toBe(401);
    expect((await server.request('POST', photoPath('likes'), asGuest(otherToken))).status).toBe(403);
    // A photo of album A asked for under album B is not found there.
    const otherPhoto = photoPath('likes', other.albumId, photoId);
    const missing = await server.request('POST', otherPhoto, asGuest(otherToken));
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('PHOTO_NOT_FOUND');
  });
});

describe('comments', () => {
  it('stores trimmed text under the guest name and lists it oldest first', async () => {
    const markup = '<script>alert(1)</script> ¡Qué bonita!';
    const created = await server.request('POST', photoPath('comments'), { ...asGuest(), body: { text: `  ${markup}  ` } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ authorName: 'Ana', text: markup });
    await server.request('POST', photoPath('comments'), { ...asGuest(), body: { text: 'Segundo' } });
    const listed = await server.request('GET', photoPath('comments'), { headers: { 'x-album-code': album.accessCode } });
    expect(listed.body.data.map((comment: { text: string }) => comment.text)).toEqual([markup, 'Segundo']);
    expect((await server.request('GET', `/api/albums/${album.albumId}/photos`, asGuest())).body.data.items[0].comments).toBe(2);
  });

  it('refuses empty or long text, readers without the code, and writers without a token', async () => {
    expect((await server.request('POST', photoPath('comments'), { ...asGuest(), body: { text: '   ' } })).status).toBe(400);
    expect((await server.request('POST', photoPath('comments'), { ...asGuest(), body: { text: 'x'.repeat(501) } })).status).toBe(400);
    expect((await server.request('POST', photoPath('comments'), { ...asGuest(), body: {} })).status).toBe(400);
    expect((await server.request('POST', photoPath('comments'), { body: { text: 'hola' } })).status).toBe(401);
    expect((await server.request('GET', photoPath('comments'), { headers: { 'x-album-code': '000000' } })).status).toBe(403);
    expect((await server.request('GET', photoPath('comments'))).status).toBe(401);
  });
});
