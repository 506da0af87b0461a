import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPaths } from '@momentos/contract';
import {
  completedAlbum,
  directWriteHeard,
  joinAlbum,
  jpeg,
  patchSnapshot,
  uploadPhoto,
} from '../guests/guest-factories.js';
import { postMessage } from '../guestbook/guestbook-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

const run = promisify(execFile);
let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-download-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function albumWithPhotos(priceId: string[], count: number, eventName?: string) {
  const album = await completedAlbum(server, priceId);
  if (eventName) {
    await server.request('PATCH', `/api/customizations/${album.host.customizationId}`, {
      token: album.host.token,
      body: { event_name: eventName },
    });
  }
  const guest = await joinAlbum(server, album);
  const photos: Buffer[] = [];
  for (let seed = 0; seed < count; seed++) {
    const bytes = await jpeg(100 + seed, { width: 80 + seed, height: 60 });
    const response = await uploadPhoto(server, album.albumId, guest, bytes, `IMG_${seed}.jpg`);
    expect(response.status).toBe(201);
    photos.push(bytes);
  }
  return { ...album, guest, photos };
}

async function download(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + url, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function unzipList(bytes: Buffer) {
  const target = path.join(dataDir, `check-${Date.now()}-${Math.random()}.zip`);
  await fs.writeFile(target, bytes);
  const tested = await run('unzip', ['-t', target]);
  const names = (await run('unzip', ['-Z1', target])).stdout.trim().split('\n').filter(Boolean);
  const contents = [];
  for (const name of names)
    contents.push((await run('unzip', ['-p', target, name], { encoding: 'buffer' })).stdout as unknown as Buffer);
  return { ok: tested.stdout.includes('No errors detected'), names, contents };
}

/** The entry names exactly as the archive's central directory holds them (UTF-8 flagged), with no tool's escaping. */
function zipEntryNames(bytes: Buffer): string[] {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let index = 0; index < count; index++) {
    expect(bytes.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = bytes.readUInt16LE(at + 28);
    names.push(bytes.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return names;
}

describe('GET /api/events/{id}/download.zip', () => {
  it('refuses a Basic album without the album_download add-on with a 403 that names it', async () => {
    const album = await completedAlbum(server, ['price_basic_lifetime']);
    for (const url of [eventPaths.downloadZip(album.albumId), eventPaths.downloadLink(album.albumId)]) {
      const response = await server.request('GET', url, { token: album.host.token });
      expect(response.status).toBe(403);
      expect(response.body.message).toContain('album_download');
    }
  });

  it('streams every original with an exact Content-Length, named after the event, and resumes with Range', async () => {
    const album = await albumWithPhotos(['price_premium_lifetime'], 3, 'Boda: Ana/Luis');
    const full = await download(eventPaths.downloadZip(album.albumId), { authorization: `Bearer ${album.host.token}` });
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('application/zip');
    expect(Number(full.headers.get('content-length'))).toBe(full.bytes.length);
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(full.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('Boda_ Ana_Luis_fotos.zip')}`,
    );
    const unzipped = await unzipList(full.bytes);
    expect(unzipped.ok).toBe(true);
    expect(unzipped.names).toEqual([
      'fotos/Boda_ Ana_Luis_foto_1.jpg',
      'fotos/Boda_ Ana_Luis_foto_2.jpg',
      'fotos/Boda_ Ana_Luis_foto_3.jpg',
    ]);
    unzipped.contents.forEach((content, i) => expect(Buffer.compare(content, album.photos[i]!)).toBe(0));

    // An interrupted download resumes: the tail from any byte equals the same bytes of the whole.
    const etag = full.headers.get('etag')!;
    for (const start of [1, Math.floor(full.bytes.length / 2), full.bytes.length - 1]) {
      const tail = await download(eventPaths.downloadZip(album.albumId), {
        authorization: `Bearer ${album.host.token}`,
        range: `bytes=${start}-`,
        'if-range': etag,
      });
      expect(tail.status).toBe(206);
      expect(tail.headers.get('content-range')).toBe(`bytes ${start}-${full.bytes.length - 1}/${full.bytes.length}`);
      expect(Number(tail.headers.get('content-length'))).toBe(tail.bytes.length);
      expect(Buffer.compare(tail.bytes, full.bytes.subarray(start))).toBe(0);
    }
    const middle = await download(eventPaths.downloadZip(album.albumId), {
      authorization: `Bearer ${album.host.token}`,
      range: 'bytes=100-199',
    });
    expect(Buffer.compare(middle.bytes, full.bytes.subarray(100, 200))).toBe(0);
    const beyond = await download(eventPaths.downloadZip(album.albumId), {
      authorization: `Bearer ${album.host.token}`,
      range: `bytes=${full.bytes.length}-`,
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${full.bytes.length}`);
    // A stale validator gets the whole archive again rather than a mismatched tail.
    const stale = await download(eventPaths.downloadZip(album.albumId), {
      authorization: `Bearer ${album.host.token}`,
      range: 'bytes=10-',
      'if-range': '"old"',
    });
    expect(stale.status).toBe(200);
    expect(stale.bytes.length).toBe(full.bytes.length);
  });

  it('keeps right-to-left overrides and other invisible characters out of entry names and Content-Disposition', async () => {
    const invisible = /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\uFEFF\u061C\u2060\u00AD]/;
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const renamed = await server.request('PATCH', `/api/customizations/${album.host.customizationId}`, {
      token: album.host.token,
      body: { event_name: 'Boda\u202Egpj.exe\u200B de Ana\u2066' },
    });
    expect(renamed.status).toBe(200);
    const guest = await joinAlbum(server, album);
    expect((await uploadPhoto(server, album.albumId, guest, await jpeg(150), 'foto\u202Egpj.exe')).status).toBe(201);

    const full = await download(eventPaths.downloadZip(album.albumId), { authorization: `Bearer ${album.host.token}` });
    expect(full.status).toBe(200);
    const disposition = decodeURIComponent(full.headers.get('content-disposition')!);
    expect(disposition).toContain('Bodagpj.exe de Ana_fotos.zip');
    expect(disposition).not.toMatch(invisible);
    const names = zipEntryNames(full.bytes);
    expect(names).toEqual(['fotos/Bodagpj.exe de Ana_foto_1.jpg']);
    expect(names.join('')).not.toMatch(invisible);

    // The guest's own file name reaches the host's disk through the original's download.
    const [item] = (await server.request('GET', eventPaths.photos(album.albumId), { token: album.host.token })).body
      .data.items;
    const original = await fetch(server.url + item.originalUrl);
    expect(original.status).toBe(200);
    expect(decodeURIComponent(original.headers.get('content-disposition')!)).toContain('fotogpj.exe');
    expect(decodeURIComponent(original.headers.get('content-disposition')!)).not.toMatch(invisible);
  });

  it('gives a signed link that downloads and resumes without headers; a tampered one is refused', async () => {
    const album = await albumWithPhotos(['price_elite_lifetime'], 2);
    const link = await server.request('GET', eventPaths.downloadLink(album.albumId), { token: album.host.token });
    expect(link.status).toBe(200);
    const { url, bytes, expiresAt } = link.body.data;
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());
    const full = await download(url);
    expect(full.status).toBe(200);
    expect(full.bytes.length).toBe(bytes);
    const tail = await download(url, { range: 'bytes=500-' });
    expect(tail.status).toBe(206);
    expect(Buffer.compare(tail.bytes, full.bytes.subarray(500))).toBe(0);
    // Flip the signature's first character to one it cannot already be, so the test never
    // "tampers" a link into itself (a random signature starts with 'x' one time in 64).
    const tampered = url.replace(/sig=(.)/, (_: string, first: string) => `sig=${first === 'x' ? 'y' : 'x'}`);
    expect((await download(tampered)).status).toBe(401);
    expect((await download(url.replace(album.albumId, '00000000-0000-4000-8000-000000000000'))).status).toBe(401);
  });

  it('gives a watermark plan with the add-on its originals, not the watermarked renditions', async () => {
    const album = await albumWithPhotos(['price_basic_lifetime'], 2);
    await patchSnapshot(server, album.albumId, { addons: ['album_download'] });
    const full = await download(eventPaths.downloadZip(album.albumId), { authorization: `Bearer ${album.host.token}` });
    expect(full.status).toBe(200);
    const unzipped = await unzipList(full.bytes);
    expect(unzipped.ok).toBe(true);
    expect(unzipped.names).toEqual(['fotos/Boda de Ana y Luis_foto_1.jpg', 'fotos/Boda de Ana y Luis_foto_2.jpg']);
    unzipped.contents.forEach((content, i) => expect(Buffer.compare(content, album.photos[i]!)).toBe(0));
  });

  it('works for photos stored before CRC-32s were kept (computed once, then cached)', async () => {
    const album = await albumWithPhotos(['price_premium_lifetime'], 2);
    const { albumPhotos } = await import('../../src/db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    await server.app.services.database.db
      .update(albumPhotos)
      .set({ originalCrc32: null, displayCrc32: null })
      .where(eq(albumPhotos.albumId, album.albumId));
    await directWriteHeard(server);
    const full = await download(eventPaths.downloadZip(album.albumId), { authorization: `Bearer ${album.host.token}` });
    const unzipped = await unzipList(full.bytes);
    expect(unzipped.ok).toBe(true);
    const rows = await server.app.services.database.db
      .select()
      .from(albumPhotos)
      .where(eq(albumPhotos.albumId, album.albumId));
    expect(rows.every((row) => row.originalCrc32 !== null)).toBe(true);
  });
});

describe('GET /api/events/{id}/analytics', () => {
  it('is refused (403) to plans without analytics', async () => {
    const album = await completedAlbum(server, ['price_plus_lifetime']);
    const response = await server.request('GET', eventPaths.analytics(album.albumId), { token: album.host.token });
    expect(response.status).toBe(403);
  });

  it('gives Premium the basic figures: uploads and messages per day, top contributors, guests against the limit', async () => {
    const album = await albumWithPhotos(['price_premium_lifetime'], 2);
    const other = await joinAlbum(server, album, 'Beto');
    expect((await uploadPhoto(server, album.albumId, other, await jpeg(250), 'x.jpg', 'Beto')).status).toBe(201);
    for (const text of ['Felicidades', 'Qué bonita boda'])
      expect((await postMessage(server, album.albumId, other, { text })).status).toBe(201);
    const response = await server.request('GET', eventPaths.analytics(album.albumId), { token: album.host.token });
    expect(response.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(response.body.data).toEqual({
      level: 'basic',
      uploadsPerDay: [{ date: today, count: 3 }],
      topContributors: [
        { name: 'Tía Carmen', uploads: 2 },
        { name: 'Beto', uploads: 1 },
      ],
      guests: { joined: 2, limit: 300 },
      messagesPerDay: [{ date: today, count: 2 }],
      messages: { total: 2, limit: 1000 },
    });
  });

  it('gives Elite views and likes over time as well', async () => {
    const album = await albumWithPhotos(['price_elite_lifetime'], 1);
    const photos = (await server.request('GET', eventPaths.photos(album.albumId), { token: album.host.token })).body
      .data.items;
    await server.request('POST', `/api/albums/${album.albumId}/photos/${photos[0].id}/likes`, {
      headers: { 'x-guest-token': album.guest },
    });
    for (const albumId of [album.albumId, album.albumId, '00000000-0000-4000-8000-000000000000']) {
      const tracked = await server.request('POST', '/api/tracking/track', {
        body: {
          session_id: 's1',
          event_type: 'album_view',
          event_data: { albumId },
          timestamp: new Date().toISOString(),
        },
      });
      expect(tracked.status).toBe(202);
    }
    const response = await server.request('GET', eventPaths.analytics(album.albumId), { token: album.host.token });
    const today = new Date().toISOString().slice(0, 10);
    expect(response.body.data).toMatchObject({
      level: 'advanced',
      viewsPerDay: [{ date: today, count: 2 }],
      likesPerDay: [{ date: today, count: 1 }],
      guests: { joined: 1, limit: 500 },
      // Elite's guestbook has no count.
      messages: { total: 0, limit: null },
    });
  });
});
