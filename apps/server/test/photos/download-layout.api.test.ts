import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPaths } from '@momentos/contract';
import { completedAlbum, joinAlbum, jpeg, uploadPhoto } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

// The whole-album ZIP's layout (entries, offsets, size) is built once per photo set and shared by
// the download link, the download and its resumed ranges; a photo added or deleted gives a new one.
let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-download-layout-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function albumWithPhotos(count: number) {
  const album = await completedAlbum(server, ['price_premium_lifetime']);
  const guest = await joinAlbum(server, album);
  const photos: Buffer[] = [];
  for (let seed = 0; seed < count; seed++) photos.push(await addPhoto(album.albumId, guest, seed));
  return { ...album, guest, photos };
}

async function addPhoto(albumId: string, guest: string, seed: number) {
  const bytes = await jpeg(40 + seed, { width: 70 + seed, height: 50 });
  expect((await uploadPhoto(server, albumId, guest, bytes, `IMG_${seed}.jpg`)).status).toBe(201);
  return bytes;
}

async function download(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + url, { headers });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, etag: response.headers.get('etag'), bytes };
}

/** Each entry's name and stored bytes, read from the archive's central directory. */
function zipEntries(zip: Buffer): Array<{ name: string; bytes: Buffer }> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  const entries = [];
  for (let index = 0; index < zip.readUInt16LE(end + 10); index++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const size = zip.readUInt32LE(at + 24);
    const local = zip.readUInt32LE(at + 42);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    entries.push({ name, bytes: zip.subarray(dataStart, dataStart + size) });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

describe('the whole-album ZIP layout', () => {
  it('is computed once for the download link, the download and two resumed ranges', async () => {
    const album = await albumWithPhotos(3);
    const builtBefore = server.app.zipLayouts.builds;
    const link = await server.request('GET', eventPaths.downloadLink(album.albumId), { token: album.host.token });
    expect(link.status).toBe(200);
    const full = await download(link.body.data.url);
    expect(full.bytes.length).toBe(link.body.data.bytes);
    const tail = await download(link.body.data.url, { range: 'bytes=500-', 'if-range': full.etag! });
    const bearer = { authorization: `Bearer ${album.host.token}` };
    const middle = await download(eventPaths.downloadZip(album.albumId), { ...bearer, range: 'bytes=100-199' });
    expect([tail.status, middle.status]).toEqual([206, 206]);
    expect(Buffer.compare(tail.bytes, full.bytes.subarray(500))).toBe(0);
    expect(Buffer.compare(middle.bytes, full.bytes.subarray(100, 200))).toBe(0);
    expect(server.app.zipLayouts.builds - builtBefore).toBe(1);
  });

  it('is computed once too when the last photo sent is not the last one taken (the ZIP is in shot order)', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const guest = await joinAlbum(server, album);
    const takenOn = (date: string) => ({ exif: { IFD2: { DateTimeOriginal: date } } });
    for (const [seed, date] of [
      [60, '2026:05:04 22:00:00'],
      [61, '2026:05:04 18:00:00'],
    ] as const) {
      const bytes = await jpeg(seed, { width: 80, height: 60, ...takenOn(date) });
      expect((await uploadPhoto(server, album.albumId, guest, bytes, `IMG_${seed}.jpg`)).status).toBe(201);
    }
    const builtBefore = server.app.zipLayouts.builds;
    const link = await server.request('GET', eventPaths.downloadLink(album.albumId), { token: album.host.token });
    const full = await download(link.body.data.url);
    const tail = await download(link.body.data.url, { range: 'bytes=300-', 'if-range': full.etag! });
    expect(tail.status).toBe(206);
    expect(Buffer.compare(tail.bytes, full.bytes.subarray(300))).toBe(0);
    expect(server.app.zipLayouts.builds - builtBefore).toBe(1);
  });

  it('is built afresh when a photo is added or deleted after the link, or the event is renamed', async () => {
    const album = await albumWithPhotos(2);
    const link = await server.request('GET', eventPaths.downloadLink(album.albumId), { token: album.host.token });
    const url: string = link.body.data.url;
    const before = await download(url);
    const twoNames = ['fotos/Boda de Ana y Luis_foto_1.jpg', 'fotos/Boda de Ana y Luis_foto_2.jpg'];
    expect(zipEntries(before.bytes).map((entry) => entry.name)).toEqual(twoNames);

    const added = await addPhoto(album.albumId, album.guest, 2);
    const withThird = await download(url);
    expect(zipEntries(withThird.bytes).map((entry) => entry.bytes)).toEqual([...album.photos, added]);
    expect(withThird.etag).not.toBe(before.etag);
    // A download resumed against the old archive gets the new one whole, not a mismatched tail.
    expect((await download(url, { range: 'bytes=100-', 'if-range': before.etag! })).status).toBe(200);

    const listed = await server.request('GET', eventPaths.photos(album.albumId), { token: album.host.token });
    const firstUploaded = listed.body.data.items.at(-1).id as string;
    const asHost = { token: album.host.token };
    const deleted = await server.request('DELETE', eventPaths.photo(album.albumId, firstUploaded), asHost);
    expect(deleted.status).toBe(200);
    const afterDelete = zipEntries((await download(url)).bytes);
    expect(afterDelete.map((entry) => entry.name)).toEqual(twoNames);
    expect(afterDelete.map((entry) => entry.bytes)).toEqual([album.photos[1], added]);

    const customization = `/api/customizations/${album.host.customizationId}`;
    const renamed = await server.request('PATCH', customization, { ...asHost, body: { event_name: 'Boda civil' } });
    expect(renamed.status).toBe(200);
    const renamedNames = zipEntries((await download(url)).bytes).map((entry) => entry.name);
    expect(renamedNames).toEqual(['fotos/Boda civil_foto_1.jpg', 'fotos/Boda civil_foto_2.jpg']);
  });
});
