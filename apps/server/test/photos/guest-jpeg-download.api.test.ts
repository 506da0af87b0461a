import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customizations } from '../../src/db/schema/index.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { completedAlbum, directWriteHeard, joinAlbum, jpeg, uploadPhoto } from '../guests/guest-factories.js';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-jpeg-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const GPS = {
  IFD0: { Make: 'PhoneMaker', Model: 'Secret 1' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '17/1 3/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '96/1 43/1 0/1' },
};

/** An album with one photo (GPS and camera tags in the original), and the guest's signed display URL. */
async function albumWithPhoto(priceId: string) {
  const album = await completedAlbum(server, [priceId]);
  const token = await joinAlbum(server, album);
  const upload = await uploadPhoto(server, album.albumId, token, await jpeg(9, { width: 800, height: 600, exif: GPS }));
  expect(upload.status).toBe(201);
  const listed = await server.request('GET', `/api/albums/${album.albumId}/photos`, {
    headers: { 'x-guest-token': token },
  });
  const [item] = (listed.body as { data: { items: { displayUrl: string }[] } }).data.items;
  return { album, token, displayUrl: item!.displayUrl };
}

const download = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(server.url + url, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};

describe("a guest's photo download", () => {
  it('is a JPEG without location or camera tags, watermarked on a Basic album', async () => {
    const { displayUrl } = await albumWithPhoto('price_basic_lifetime');
    const { response, bytes } = await download(`${displayUrl}&format=jpeg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-disposition')).toBe('attachment');
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
    // The plain-coloured upload has almost no spread; the watermark's marks give it some.
    const stats = await sharp(bytes).stats();
    expect(Math.max(...stats.channels.map((channel) => channel.stdev))).toBeGreaterThan(5);
  });

  it('keeps a Premium photo free of the watermark, and serves a guest token or the code alike', async () => {
    const { album, token, displayUrl } = await albumWithPhoto('price_premium_lifetime');
    const bare = displayUrl.split('?')[0]!;
    const byToken = await download(`${bare}?format=jpeg`, { 'x-guest-token': token });
    expect(byToken.response.headers.get('content-type')).toBe('image/jpeg');
    const stats = await sharp(byToken.bytes).stats();
    expect(Math.max(...stats.channels.map((channel) => channel.stdev))).toBeLessThan(2);
    const byCode = await download(`${bare}?format=jpeg`, { 'x-album-code': album.accessCode });
    expect(byCode.response.status).toBe(200);
    expect([...byCode.bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
  });

  it('is refused (403) once the host switches guest downloads off, while the photo still shows', async () => {
    const { album, displayUrl } = await albumWithPhoto('price_premium_lifetime');
    await server.app.services.database.db
      .update(customizations)
      .set({ enableGuestDownloads: false })
      .where(eq(customizations.id, album.host.customizationId));
    await directWriteHeard(server);
    const refused = await download(`${displayUrl}&format=jpeg`);
    expect(refused.response.status).toBe(403);
    expect((await download(displayUrl)).response.status).toBe(200);
  });

  it('refuses a JPEG of a thumbnail or an unknown format with 400, never a 500', async () => {
    const { token, displayUrl } = await albumWithPhoto('price_premium_lifetime');
    const thumb = displayUrl.split('?')[0]!.replace(/display$/, 'thumb');
    expect((await download(`${thumb}?format=jpeg`, { 'x-guest-token': token })).response.status).toBe(400);
    expect((await download(`${displayUrl}&format=gif`)).response.status).toBe(400);
  });
});
