import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPaths } from '@momentos/contract';
import { completedAlbum, joinAlbum, jpeg, uploadPhoto } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

const run = promisify(execFile);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-originals-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Each entry of the archive, read back by Info-ZIP's own unzip. */
async function unzipEntries(bytes: Buffer) {
  const target = path.join(dataDir, `album-${Date.now()}.zip`);
  await fs.writeFile(target, bytes);
  expect((await run('unzip', ['-t', target])).stdout).toContain('No errors detected');
  const names = (await run('unzip', ['-Z1', target])).stdout.trim().split('\n');
  const entries = new Map<string, Buffer>();
  for (const name of names)
    entries.set(name, (await run('unzip', ['-p', target, name], { encoding: 'buffer' })).stdout as unknown as Buffer);
  return entries;
}

describe("the host's downloads are the originals, byte for byte", () => {
  it('gives a Plus album with the download add-on its originals in the ZIP and one by one, whatever the watermark', async () => {
    const album = await completedAlbum(server, ['price_plus_lifetime', 'price_addon_album_download']);
    const guest = await joinAlbum(server, album);
    const gps = {
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '19/1 25/1 4200/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '99/1 7/1 3900/100',
      },
    };
    const sent = [
      {
        name: 'IMG_0001.jpg',
        bytes: await jpeg(11, {
          width: 300,
          height: 100,
          exif: { IFD0: { Make: 'PhoneMaker', Model: 'Secret 1' }, ...gps },
        }),
        ext: 'jpg',
      },
      { name: 'IMG_0002.JPEG', bytes: await jpeg(12, { width: 100, height: 300 }), ext: 'jpg' },
      { name: 'boda', bytes: await jpeg(13), ext: 'jpg' },
      // A PNG a guest named .jpg: the type comes from the bytes, and so does the extension.
      {
        name: 'captura.jpg',
        bytes: await sharp({ create: { width: 90, height: 60, channels: 4, background: '#3a6ea5' } })
          .png()
          .toBuffer(),
        ext: 'png',
      },
    ];
    // The first photo really carries camera and location data (the renditions drop them; the original keeps them).
    expect((await sharp(sent[0]!.bytes).metadata()).exif?.includes('PhoneMaker')).toBe(true);
    for (const photo of sent)
      expect((await uploadPhoto(server, album.albumId, guest, photo.bytes, photo.name)).status).toBe(201);

    const zip = await fetch(server.url + eventPaths.downloadZip(album.albumId), {
      headers: { authorization: `Bearer ${album.host.token}` },
    });
    expect(zip.status).toBe(200);
    const entries = await unzipEntries(Buffer.from(await zip.arrayBuffer()));
    expect([...entries.keys()]).toEqual(
      sent.map((photo, index) => `fotos/Boda de Ana y Luis_foto_${index + 1}.${photo.ext}`),
    );
    sent.forEach((photo, index) =>
      expect(sha256(entries.get(`fotos/Boda de Ana y Luis_foto_${index + 1}.${photo.ext}`)!), photo.name).toBe(
        sha256(photo.bytes),
      ),
    );

    // One by one, through the signed link the album detail uses and with the host's bearer token.
    const items = (
      await server.request('GET', `${eventPaths.photos(album.albumId)}?pageSize=10`, { token: album.host.token })
    ).body.data.items as Array<{
      id: string;
      originalName: string;
      originalUrl: string;
    }>;
    expect(items).toHaveLength(sent.length);
    for (const item of items) {
      const photo = sent.find((candidate) => candidate.name === item.originalName)!;
      for (const [url, headers] of [
        [item.originalUrl, {}],
        [`/api/events/${album.albumId}/photos/${item.id}/original`, { authorization: `Bearer ${album.host.token}` }],
      ] as const) {
        const response = await fetch(server.url + url, { headers });
        expect(response.status, url).toBe(200);
        expect(sha256(Buffer.from(await response.arrayBuffer())), photo.name).toBe(sha256(photo.bytes));
        const fileName = decodeURIComponent(response.headers.get('content-disposition')!.split("UTF-8''")[1]!);
        expect(fileName, photo.name).toBe(
          photo.name.toLowerCase().endsWith(`.${photo.ext}`) || photo.name.endsWith('.JPEG')
            ? photo.name
            : `${photo.name}.${photo.ext}`,
        );
      }
    }
  });
});
