import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPaths } from '@momentos/contract';
import { albums } from '../../src/db/schema/index.js';
import { completedAlbum, joinAlbum } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

// Four wrong codes a minute per address: a retired code looked up more often than that must not be counted.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { ALBUM_CODE_RATE_LIMIT_PER_IP: '4', TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await server?.close();
});

let address = 0;
/** A fresh client address per test, so one test's look-ups never spend another's budget. */
const nextAddress = () => ({ 'x-forwarded-for': `10.28.0.${++address}` });

const changeCode = (albumId: string, token?: string) =>
  server.request('POST', eventPaths.accessCode(albumId), { token });
const lookUp = (code: string, headers: Record<string, string>) =>
  server.request('GET', `/api/albums/code/${code}`, { headers });

describe('POST /api/events/{id}/access-code: the host changes the album code', () => {
  it('gives a new code that opens the album, while the old one answers 410 ALBUM_CODE_CHANGED everywhere', async () => {
    const album = await completedAlbum(server);
    const headers = nextAddress();
    const guest = await joinAlbum(server, album);
    // The old code is in use (this server remembers it and keeps the album's row) before it changes.
    expect((await lookUp(album.accessCode, headers)).status).toBe(200);
    const readWithCode = (code: string) =>
      server.request('GET', `/api/albums/${album.albumId}/photos`, { headers: { ...headers, 'x-album-code': code } });
    expect((await readWithCode(album.accessCode)).status).toBe(200);
    const qrBefore = await fetch(`${server.url}/api/albums/${album.albumId}/qr.svg`, {
      headers: { authorization: `Bearer ${album.host.token}` },
    });
    const svgBefore = await qrBefore.text();

    const changed = await changeCode(album.albumId, album.host.token);
    expect(changed.status).toBe(200);
    const { accessCode, guestUrl, qrCodeUrl } = changed.body.data;
    expect(accessCode).toMatch(/^\d{6}$/);
    expect(accessCode).not.toBe(album.accessCode);
    expect(guestUrl).toMatch(new RegExp(`^https?://[^/]+/guest/${accessCode}$`));
    expect(qrCodeUrl).toBe(`/api/albums/${album.albumId}/qr.png`);

    // The old code: a distinct answer on the look-up, the join and X-Album-Code, with nothing of the album.
    const looked = await lookUp(album.accessCode, headers);
    expect(looked.status).toBe(410);
    expect(looked.body).toMatchObject({ success: false, code: 'ALBUM_CODE_CHANGED' });
    expect(looked.body.data).toBeUndefined();
    expect(JSON.stringify(looked.body)).not.toMatch(new RegExp(`${album.albumId}|${accessCode}|Boda`));
    const joined = await server.request('POST', `/api/albums/${album.albumId}/guests`, {
      headers,
      body: { name: 'Primo Juan', accessCode: album.accessCode },
    });
    expect(joined.status).toBe(410);
    expect(joined.body.code).toBe('ALBUM_CODE_CHANGED');
    const read = await readWithCode(album.accessCode);
    expect(read.status).toBe(410);
    expect(read.body.code).toBe('ALBUM_CODE_CHANGED');

    // The new code opens it; the guest who had joined keeps their pass.
    const found = await lookUp(accessCode, headers);
    expect(found.status).toBe(200);
    expect(found.body.data.id).toBe(album.albumId);
    expect((await readWithCode(accessCode)).status).toBe(200);
    expect((await joinAlbum(server, { albumId: album.albumId, accessCode }, 'Primo Juan')).length).toBeGreaterThan(0);
    const withPass = await server.request('GET', `/api/albums/${album.albumId}/photos`, {
      headers: { 'x-guest-token': guest },
    });
    expect(withPass.status).toBe(200);

    // The host's album, its guest link and its QR code follow the new code at once.
    const details = await server.request('GET', eventPaths.details(album.albumId), { token: album.host.token });
    expect(details.body.data.evento).toMatchObject({ accessCode, guestUrl });
    const qrAfter = await fetch(`${server.url}/api/albums/${album.albumId}/qr.svg`, {
      headers: { authorization: `Bearer ${album.host.token}` },
    });
    expect(qrAfter.headers.get('cache-control')).toBe('private, no-cache');
    expect(await qrAfter.text()).not.toBe(svgBefore);
  });

  it("tells a guest who joined before the change the album's new code, and nobody else", async () => {
    const album = await completedAlbum(server);
    const other = await completedAlbum(server);
    const guest = await joinAlbum(server, album);
    const strangerPass = await joinAlbum(server, other);
    const changed = await changeCode(album.albumId, album.host.token);
    const current = (headers: Record<string, string>) =>
      server.request('GET', `/api/albums/${album.albumId}/access-code`, { headers });
    const answer = await current({ 'x-guest-token': guest });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ accessCode: changed.body.data.accessCode });
    expect((await current({})).status).toBe(401);
    expect((await current({ 'x-guest-token': strangerPass })).status).toBe(403);
    expect((await current({ 'x-album-code': changed.body.data.accessCode })).status).toBe(401);
  });

  it('counts a retired code as no wrong guess: looked up past the wrong-code budget, it still answers 410', async () => {
    const album = await completedAlbum(server);
    expect((await changeCode(album.albumId, album.host.token)).status).toBe(200);
    const headers = nextAddress();
    for (let attempt = 0; attempt < 6; attempt++) {
      expect((await lookUp(album.accessCode, headers)).status, `look-up ${attempt + 1}`).toBe(410);
    }
    // A wrong code is still counted: the budget of four is all there.
    // Five different wrong codes: the same one again from the same client is not counted twice.
    const wrongCodes = ['000000', '000001', '000002', '000003', '000004', '000005'].filter(
      (code) => code !== album.accessCode,
    );
    const answers = [];
    for (const wrong of wrongCodes.slice(0, 5)) answers.push((await lookUp(wrong, headers)).status);
    expect(answers).toEqual([404, 404, 404, 404, 429]);
  });

  it('never gives a retired code to another album', async () => {
    const album = await completedAlbum(server);
    const other = await completedAlbum(server);
    expect((await changeCode(album.albumId, album.host.token)).status).toBe(200);
    const { db } = server.app.services.database;
    const written = await db
      .update(albums)
      .set({ accessCode: album.accessCode })
      .where(eq(albums.id, other.albumId))
      .returning();
    expect(written).toEqual([]);
    const [row] = await db.select({ accessCode: albums.accessCode }).from(albums).where(eq(albums.id, other.albumId));
    expect(row!.accessCode).toBe(other.accessCode);
  });

  it('refuses anyone but the album owner, and the code stays as it was', async () => {
    const album = await completedAlbum(server);
    const stranger = await completedAlbum(server);
    expect((await changeCode(album.albumId)).status).toBe(401);
    expect((await changeCode(album.albumId, stranger.host.token)).status).toBe(404);
    const guest = await joinAlbum(server, album);
    const asGuest = await server.request('POST', eventPaths.accessCode(album.albumId), {
      headers: { 'x-guest-token': guest },
    });
    expect(asGuest.status).toBe(401);
    const found = await lookUp(album.accessCode, nextAddress());
    expect(found.status).toBe(200);
  });

  it('allows five changes an hour per album, then answers 429 and keeps the last code', async () => {
    const album = await completedAlbum(server);
    let last = album.accessCode;
    for (let change = 0; change < 5; change++) {
      const changed = await changeCode(album.albumId, album.host.token);
      expect(changed.status, `change ${change + 1}`).toBe(200);
      last = changed.body.data.accessCode;
    }
    const refused = await changeCode(album.albumId, album.host.token);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    const headers = nextAddress();
    expect((await lookUp(last, headers)).body.data.id).toBe(album.albumId);
    // Every earlier code is retired, the first one too.
    expect((await lookUp(album.accessCode, headers)).status).toBe(410);
  });
});
