import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-server.js';
import { completedAlbum, joinAlbum, uploadPhoto } from '../guests/guest-factories.js';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-heic-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const heicFixture = () => fs.readFile(path.resolve(import.meta.dirname, '../fixtures/photo.heic'));

describe('HEIC photos', () => {
  it('accepts a real HEIC, keeps the original byte for byte, and makes WebP renditions without metadata', async () => {
    const album = await completedAlbum(server);
    const token = await joinAlbum(server, album);
    const heic = await heicFixture();
    const response = await uploadPhoto(server, album.albumId, token, heic, 'IMG_0001.HEIC');
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { id: string } };

    const prefix = path.join(dataDir, 'media', 'albums', album.albumId, data.id);
    expect((await fs.readFile(path.join(prefix, 'original.heic'))).equals(heic)).toBe(true);

    const listed = (
      await server.request('GET', `/api/albums/${album.albumId}/photos`, { headers: { 'x-guest-token': token } })
    ).body.data.items;
    expect(listed[0]).toMatchObject({
      id: data.id,
      kind: 'photo',
      videoUrl: null,
      originalName: 'IMG_0001.HEIC',
      takenAt: '2027-06-12T18:30:05.000Z',
    });
    const display = Buffer.from(await (await fetch(server.url + listed[0].displayUrl)).arrayBuffer());
    const meta = await sharp(display).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 96, height: 64 });
    expect(meta.exif).toBeUndefined();
    // Watermark on the basic plan: the renditions differ from a plain decode, but keep the colours.
    const { data: pixels } = await sharp(display).raw().toBuffer({ resolveWithObject: true });
    expect(pixels[0]).toBeGreaterThan(150);

    // The same HEIC again is the same photo.
    const again = await uploadPhoto(server, album.albumId, token, heic, 'copy.heic');
    expect(again.status).toBe(200);
  });

  it('refuses a damaged HEIC with 415 and stores nothing', async () => {
    const album = await completedAlbum(server);
    const token = await joinAlbum(server, album);
    const broken = Buffer.concat([(await heicFixture()).subarray(0, 300), Buffer.alloc(500, 7)]);
    const response = await uploadPhoto(server, album.albumId, token, broken, 'broken.heic');
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: expect.stringContaining('could not be read'),
    });
    expect(await fs.readdir(path.join(dataDir, 'media', 'albums', album.albumId)).catch(() => [])).toEqual([]);
  });
});
