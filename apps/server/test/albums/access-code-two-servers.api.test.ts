import { eventPaths } from '@momentos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, finishedAlbum, joinAsGuest } from '../../../../e2e/support/album-fixture.js';
import { startTwoServers, type RunningServer, type TwoServers } from '../support/two-servers.js';

/**
 * A host changes the code through one server while guests' phones are spread over two: the other
 * server remembered the old code (its code map, its album cache) and must stop honouring it as
 * soon as it hears the database's change notice (test/support/two-servers.ts says how they run).
 */
let two: TwoServers | undefined;

beforeAll(async () => {
  two = await startTwoServers({ WEB_DIST_DIR: '', MEDIA_URL_SECRET: 'two-servers-signing-key-0123456789abcdef' });
}, 120_000);

afterAll(async () => {
  await two?.stop();
});

/** The status `path` answers on `server`, polled until it is `status` (the change notice is asynchronous). */
async function statusBecomes(server: RunningServer, path: string, headers: Record<string, string>, status: number) {
  const start = Date.now();
  let last = 0;
  while (Date.now() - start < 3000) {
    last = (await fetch(`${server.url}${path}`, { headers })).status;
    if (last === status) return last;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return last;
}

describe('an album code changed through one of two servers', () => {
  it('stops opening the album on the other server, which opens it with the new code', async () => {
    const [a, b] = two!.servers;
    const album = await finishedAlbum(a.url, 'premium');
    const guest = await joinAsGuest(album);
    const photos = `/api/albums/${album.albumId}/photos`;
    // B remembers the old code and keeps the album's row.
    expect((await fetch(`${b.url}/api/albums/code/${album.accessCode}`)).status).toBe(200);
    expect((await fetch(`${b.url}${photos}`, { headers: { 'x-album-code': album.accessCode } })).status).toBe(200);

    const changed = await apiCall<{ data: { accessCode: string } }>(a.url, eventPaths.accessCode(album.albumId), {
      method: 'POST',
      token: album.host.session.access_token,
    });
    const { accessCode } = changed.data;

    expect(await statusBecomes(b, `/api/albums/code/${album.accessCode}`, {}, 410), `${two!.mode}`).toBe(410);
    expect((await fetch(`${b.url}${photos}`, { headers: { 'x-album-code': album.accessCode } })).status).toBe(410);
    const found = await fetch(`${b.url}/api/albums/code/${accessCode}`);
    expect(found.status).toBe(200);
    expect(((await found.json()) as { data: { id: string } }).data.id).toBe(album.albumId);
    expect((await fetch(`${b.url}${photos}`, { headers: { 'x-guest-token': guest } })).status).toBe(200);
  });
});
