import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-server.js';
import { completedAlbum, joinAlbum, patchSnapshot } from './guest-factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { ALBUM_CODE_RATE_LIMIT_PER_IP: '1000' } });
});
afterAll(() => server.close());

describe('GET /api/albums/code/{accessCode}', () => {
  it('answers the album name, date and whether uploads are open', async () => {
    const album = await completedAlbum(server);
    const found = await server.request('GET', `/api/albums/code/${album.accessCode}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      success: true,
      data: {
        id: album.albumId,
        name: 'Boda de Ana y Luis',
        eventDate: '2027-06-12',
        uploadsOpen: true,
        videosAllowed: true,
        fontFamily: 'Arial',
        coverImageUrl: null,
        location: 'Oaxaca',
        description: '',
        itinerary: [],
        music: { kind: 'none' },
        uploadsCloseAt: expect.any(String),
        guestDownloads: true,
      },
    });
    // Written straight to the database, past the server: the server hears of it through the
    // database's change notice, a moment later (a write through the server is seen at once).
    const lookUp = async () => (await server.request('GET', `/api/albums/code/${album.accessCode}`)).body.data;
    await patchSnapshot(server, album.albumId, { videoLimit: 0 });
    await expect.poll(async () => (await lookUp()).videosAllowed, { timeout: 2000 }).toBe(false);
    await patchSnapshot(server, album.albumId, { validUntil: new Date(Date.now() - 1000).toISOString() });
    await expect.poll(async () => (await lookUp()).uploadsOpen, { timeout: 2000 }).toBe(false);
  });

  it('refuses a malformed code with 400 and an unknown one with 404', async () => {
    const album = await completedAlbum(server);
    for (const code of ['12345', '1234567', 'abcdef']) {
      expect((await server.request('GET', `/api/albums/code/${code}`)).status).toBe(400);
    }
    const unknown = String((Number(album.accessCode) + 1) % 1_000_000).padStart(6, '0');
    const missing = await server.request('GET', `/api/albums/code/${unknown}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      success: false,
      code: 'ALBUM_NOT_FOUND',
      message: expect.stringContaining('Album not found'),
    });
  });

  it('rate limits look-ups per client address so codes cannot be walked', async () => {
    const limited = await startTestServer({ env: { ALBUM_CODE_RATE_LIMIT_PER_IP: '3' } });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await limited.request('GET', `/api/albums/code/00000${i}`)).status);
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
      const refused = await limited.request('GET', '/api/albums/code/000009');
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('does not count the right code: a party behind one address opens its album many times over', async () => {
    const limited = await startTestServer({ env: { ALBUM_CODE_RATE_LIMIT_PER_IP: '3' } });
    try {
      const album = await completedAlbum(limited);
      const statuses = [];
      for (let i = 0; i < 12; i++)
        statuses.push((await limited.request('GET', `/api/albums/code/${album.accessCode}`)).status);
      expect(statuses).toEqual(Array(12).fill(200));
      const wrong = [];
      for (let i = 0; i < 4; i++) wrong.push((await limited.request('GET', `/api/albums/code/00010${i}`)).status);
      expect(wrong).toEqual([404, 404, 404, 429]);
      // Past the limit the right code is refused too, or a walker could tell a hit from a refusal.
      expect((await limited.request('GET', `/api/albums/code/${album.accessCode}`)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/albums/{albumId}/guests', () => {
  it('gives a guest token for the right code, trimming the name', async () => {
    const album = await completedAlbum(server);
    const joined = await server.request('POST', `/api/albums/${album.albumId}/guests`, {
      body: { name: '  Pepe  ', accessCode: album.accessCode },
    });
    expect(joined.status).toBe(201);
    expect(joined.body.data.guestToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("refuses another album's code, a blank or long name, and an unknown album", async () => {
    const album = await completedAlbum(server);
    const other = await completedAlbum(server);
    const join = (body: unknown, albumId = album.albumId) =>
      server.request('POST', `/api/albums/${albumId}/guests`, { body });
    const wrong = await join({ name: 'Pepe', accessCode: other.accessCode });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('INVALID_ACCESS_CODE');
    expect((await join({ name: '   ', accessCode: album.accessCode })).status).toBe(400);
    expect((await join({ name: 'x'.repeat(61), accessCode: album.accessCode })).status).toBe(400);
    expect((await join({ accessCode: album.accessCode })).status).toBe(400);
    expect(
      (await join({ name: 'Pepe', accessCode: album.accessCode }, '7d3f0c1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f')).status,
    ).toBe(404);
    expect((await join({ name: 'Pepe', accessCode: album.accessCode }, 'not-a-uuid')).status).toBe(400);
  });

  it('never lets concurrent joins pass the Basic guest limit of 50', async () => {
    const album = await completedAlbum(server);
    const attempts = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        server.request('POST', `/api/albums/${album.albumId}/guests`, {
          body: { name: `Invitado ${i}`, accessCode: album.accessCode },
        }),
      ),
    );
    expect(attempts.filter((r) => r.status === 201)).toHaveLength(50);
    const refused = attempts.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(10);
    expect(refused.every((r) => r.status === 403 && r.body.code === 'GUEST_LIMIT_REACHED')).toBe(true);
    await expect(joinAlbum(server, album)).rejects.toThrow(/403/);
  });
});
