import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-server.js';
import { completedAlbum, enableVerification, joinAlbum, jpeg, uploadPhoto } from '../guests/guest-factories.js';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-album-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const GPS_AND_DATE = {
  IFD0: { Make: 'PhoneMaker', Model: 'Secret 1' },
  IFD2: { DateTimeOriginal: '2027:06:12 18:30:00' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '17/1 3/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '96/1 43/1 0/1' },
};

async function uploaded(album: { albumId: string }, token: string, bytes: Buffer) {
  const response = await uploadPhoto(server, album.albumId, token, bytes, 'IMG_0001.jpg');
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: string } }).data.id;
}
const list = (albumId: string, headers: Record<string, string>, query = '') =>
  server.request('GET', `/api/albums/${albumId}/photos${query}`, { headers });
const fetchBytes = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(server.url + url, { headers });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
};

describe('the guest album', () => {
  it('lists photos newest first with signed rendition URLs, for a token or the code', async () => {
    const album = await completedAlbum(server);
    const token = await joinAlbum(server, album);
    const first = await uploaded(album, token, await jpeg(1));
    const second = await uploaded(album, token, await jpeg(2));
    const byCode = await list(album.albumId, { 'x-album-code': album.accessCode }, '?page=1&pageSize=1');
    expect(byCode.status).toBe(200);
    expect(byCode.body.data.totalCount).toBe(2);
    expect(byCode.body.data.items).toHaveLength(1);
    const [item] = byCode.body.data.items;
    expect(item).toMatchObject({
      id: second,
      originalName: 'IMG_0001.jpg',
      uploadedByName: 'Tía Carmen',
      likes: 0,
      comments: 0,
      status: 'approved',
    });
    expect((await list(album.albumId, { 'x-guest-token': token }, '?page=2&pageSize=1')).body.data.items[0].id).toBe(
      first,
    );
    const thumb = await fetchBytes(item.thumbnailUrl);
    expect(thumb.status).toBe(200);
    expect((await sharp(thumb.bytes).metadata()).format).toBe('webp');
    expect((await fetchBytes(item.thumbnailUrl.replace(/sig=[^&]+/, 'sig=forged'))).status).toBe(401);
    expect((await fetchBytes(item.thumbnailUrl.split('?')[0], { 'x-album-code': album.accessCode })).status).toBe(200);
  });

  it('keeps the original unaltered, strips GPS from renditions and keeps the date taken', async () => {
    const album = await completedAlbum(server);
    const token = await joinAlbum(server, album);
    const original = await jpeg(3, { width: 300, height: 200, orientation: 6, exif: GPS_AND_DATE });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const id = await uploaded(album, token, original);
    const [item] = (await list(album.albumId, { 'x-guest-token': token })).body.data.items;
    expect(item.takenAt).toBe('2027-06-12T18:30:00.000Z');
    for (const url of [item.thumbnailUrl, item.displayUrl]) {
      const metadata = await sharp((await fetchBytes(url)).bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect([metadata.width, metadata.height]).toEqual([200, 300]);
    }
    const stored = await fs.readFile(path.join(dataDir, 'media', 'albums', album.albumId, id, 'original.jpg'));
    expect(createHash('sha256').update(stored).digest('hex')).toBe(createHash('sha256').update(original).digest('hex'));
  });

  it('watermarks renditions of Basic and not of Premium', async () => {
    const spread = async (priceId: string) => {
      const album = await completedAlbum(server, [priceId]);
      const token = await joinAlbum(server, album);
      await uploaded(album, token, await jpeg(4, { width: 800, height: 600 }));
      const [item] = (await list(album.albumId, { 'x-guest-token': token })).body.data.items;
      const stats = await sharp((await fetchBytes(item.displayUrl)).bytes).stats();
      return Math.max(...stats.channels.map((channel) => channel.stdev));
    };
    expect(await spread('price_basic_lifetime')).toBeGreaterThan(5);
    expect(await spread('price_premium_lifetime')).toBeLessThan(2);
  });

  it('shows pending photos only to their uploader', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    await enableVerification(server, album.host.customizationId);
    const uploader = await joinAlbum(server, album, 'Ana');
    const other = await joinAlbum(server, album, 'Luis');
    await uploaded(album, uploader, await jpeg(5));
    expect((await list(album.albumId, { 'x-guest-token': uploader })).body.data.items[0].status).toBe('pending');
    expect((await list(album.albumId, { 'x-guest-token': other })).body.data.totalCount).toBe(0);
    expect((await list(album.albumId, { 'x-album-code': album.accessCode })).body.data.totalCount).toBe(0);
  });

  it("refuses another album's code or token, no credentials, and bad paging", async () => {
    const album = await completedAlbum(server);
    const other = await completedAlbum(server);
    const otherToken = await joinAlbum(server, other);
    expect((await list(album.albumId, {})).status).toBe(401);
    expect((await list(album.albumId, { 'x-album-code': other.accessCode })).status).toBe(403);
    expect((await list(album.albumId, { 'x-guest-token': otherToken })).status).toBe(403);
    expect((await list(album.albumId, { 'x-album-code': album.accessCode }, '?pageSize=1000')).status).toBe(400);
    expect((await list(album.albumId, { 'x-album-code': album.accessCode }, '?page=0')).status).toBe(400);
  });
});
