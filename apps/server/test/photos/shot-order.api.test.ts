import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPaths } from '@momentos/contract';
import { completedAlbum, joinAlbum, jpeg, uploadPhoto } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

// The album's order (PRODUCT.md): when a photo was taken (EXIF, a video's creation_time), else when it
// arrived, newest first; the id breaks ties so pages never skip or repeat (modules/album-photos/photo-rows.ts).

const run = promisify(execFile);
let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-shot-order-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const takenOn = (date: string) => ({ IFD2: { DateTimeOriginal: date } });

async function sent(albumId: string, token: string, bytes: Buffer, name: string) {
  const response = await uploadPhoto(server, albumId, token, bytes, name);
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/** Every id of a list, read page by page (pageSize 2). */
async function paged(url: string, headers: Record<string, string>) {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const response = await server.request('GET', `${url}?page=${page}&pageSize=2`, { headers });
    expect(response.status).toBe(200);
    const items = response.body.data.items as Array<{ id: string }>;
    if (items.length === 0) return ids;
    ids.push(...items.map((item) => item.id));
  }
}

describe('the order of an album', () => {
  it('lists photos and videos by when they were taken, else uploaded, on every page, and numbers the ZIP so', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const token = await joinAlbum(server, album);
    const id = album.albumId;
    const unknownFirst = await sent(id, token, await jpeg(1), 'sin-fecha-1.jpg');
    const longAgo = await sent(id, token, await jpeg(2, { exif: takenOn('2019:05:04 10:00:00') }), 'antigua.jpg');
    const later = await sent(id, token, await jpeg(3, { exif: takenOn('2099:01:01 12:00:00') }), 'futura.jpg');
    const sameMomentA = await sent(id, token, await jpeg(4, { exif: takenOn('2021:08:01 20:00:00') }), 'a.jpg');
    const sameMomentB = await sent(id, token, await jpeg(5, { exif: takenOn('2021:08:01 20:00:00') }), 'b.jpg');
    const clip = path.join(dataDir, 'recorded.mp4');
    const fixture = path.resolve(import.meta.dirname, '../fixtures/clip.mp4');
    await run('ffmpeg', [
      '-v',
      'error',
      '-i',
      fixture,
      '-c',
      'copy',
      '-metadata',
      'creation_time=2020-02-02T09:00:00Z',
      clip,
    ]);
    const video = await sent(id, token, await fs.readFile(clip), 'clip.mp4');
    const unknownLast = await sent(id, token, await jpeg(6), 'sin-fecha-2.jpg');

    const tie = [sameMomentA, sameMomentB].sort().reverse();
    const expected = [later, unknownLast, unknownFirst, ...tie, video, longAgo];
    const guestOrder = await paged(`/api/albums/${id}/photos`, { 'x-guest-token': token });
    expect(guestOrder).toEqual(expected);
    const hostOrder = await paged(eventPaths.photos(id), { authorization: `Bearer ${album.host.token}` });
    expect(hostOrder).toEqual(expected);

    const listed = await server.request('GET', `/api/albums/${id}/photos`, { headers: { 'x-guest-token': token } });
    const videoItem = listed.body.data.items.find((item: { id: string }) => item.id === video);
    expect(videoItem.takenAt).toBe('2020-02-02T09:00:00.000Z');

    // The ZIP numbers the originals as the event went: oldest shot first.
    const link = await server.request('GET', eventPaths.downloadLink(id), { token: album.host.token });
    const zip = Buffer.from(await (await fetch(server.url + link.body.data.url)).arrayBuffer());
    const names = zipNames(zip).map((entry) => entry.name);
    // 2019 photo, 2020 clip, the two of 2021, the two without a date (as uploaded), 2099.
    expect(names.slice(0, 7).map((name) => name.replace(/^.*_/, ''))).toEqual([
      '1.jpg',
      '2.mp4',
      '3.jpg',
      '4.jpg',
      '5.jpg',
      '6.jpg',
      '7.jpg',
    ]);
  });
});

/** Each entry's name and size, read from the archive's central directory. */
function zipNames(zip: Buffer): Array<{ name: string; size: number }> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  const entries = [];
  for (let index = 0; index < zip.readUInt16LE(end + 10); index++) {
    const nameLength = zip.readUInt16LE(at + 28);
    entries.push({ name: zip.toString('utf8', at + 46, at + 46 + nameLength), size: zip.readUInt32LE(at + 24) });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}
