import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-server.js';
import {
  completedAlbum,
  enableVerification,
  joinAlbum,
  jpeg,
  patchSnapshot,
  uploadPhoto,
} from '../guests/guest-factories.js';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-guests-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Every file the blob store holds for an album. */
async function storedFiles(albumId: string): Promise<string[]> {
  const entries = await fs.readdir(path.join(dataDir, 'media', 'albums', albumId), { recursive: true }).catch(() => []);
  return entries.filter((name) => name.includes('.'));
}

/** A real PNG whose header claims 30000×30000 pixels (a decompression bomb's shape) with a valid CRC. */
async function hugePngHeader() {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  png.writeUInt32BE(30000, 16);
  png.writeUInt32BE(30000, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('POST /api/albums/{albumId}/photos', () => {
  it('stores a photo, answers its id and status, and keeps the same file once', async () => {
    const album = await completedAlbum(server);
    const token = await joinAlbum(server, album);
    const photo = await jpeg(1);
    const first = await uploadPhoto(server, album.albumId, token, photo);
    expect(first.status).toBe(201);
    const { data } = (await first.json()) as { data: { id: string; status: string } };
    expect(data.status).toBe('approved');
    const again = await uploadPhoto(server, album.albumId, token, photo, 'copia.jpg');
    expect(again.status).toBe(200);
    expect(((await again.json()) as { data: { id: string } }).data.id).toBe(data.id);
  });

  it('marks uploads pending when the host moderates', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    await enableVerification(server, album.host.customizationId);
    const token = await joinAlbum(server, album);
    const response = await uploadPhoto(server, album.albumId, token, await jpeg(2));
    expect(((await response.json()) as { data: { status: string } }).data.status).toBe('pending');
  });

  it('refuses bad files with a clear 4xx', async () => {
    const album = await completedAlbum(server);
    const token = await joinAlbum(server, album);
    const codeOf = async (response: Response) => [response.status, ((await response.json()) as { code: string }).code];
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF');
    expect(await codeOf(await uploadPhoto(server, album.albumId, token, pdf, 'foto.jpg'))).toEqual([
      415,
      'FILE_TYPE_NOT_ALLOWED',
    ]);
    const truncated = (await jpeg(3, { width: 400, height: 300 })).subarray(0, 300);
    expect(await codeOf(await uploadPhoto(server, album.albumId, token, truncated))).toEqual([
      415,
      'FILE_TYPE_NOT_ALLOWED',
    ]);
    expect(await codeOf(await uploadPhoto(server, album.albumId, token, Buffer.alloc(0)))).toEqual([
      400,
      'VALIDATION_ERROR',
    ]);
    const huge = await hugePngHeader();
    expect(await codeOf(await uploadPhoto(server, album.albumId, token, huge, 'bomba.png'))).toEqual([
      415,
      'FILE_TYPE_NOT_ALLOWED',
    ]);
    const tooBig = Buffer.concat([await jpeg(4), Buffer.alloc(26 * 1024 * 1024)]);
    expect(await codeOf(await uploadPhoto(server, album.albumId, token, tooBig))).toEqual([413, 'FILE_TOO_LARGE']);
    const noFile = new FormData();
    noFile.append('uploaderName', 'Pepe');
    const missing = await fetch(`${server.url}/api/albums/${album.albumId}/photos`, {
      method: 'POST',
      body: noFile,
      headers: { 'x-guest-token': token },
    });
    expect(await codeOf(missing)).toEqual([400, 'VALIDATION_ERROR']);
    expect(await storedFiles(album.albumId)).toEqual([]);
  });

  it('stores and shows a file name without bidi overrides or other invisible characters', async () => {
    const album = await completedAlbum(server);
    const token = await joinAlbum(server, album);
    // A right-to-left override shows "cumple\u202Egpj.exe" as "cumpleexe.jpg".
    const names = ['cumple\u202Egpj.exe', 'Zoë\u200F  \u2066fiesta\u2069.jpg', '\u202E\u200B '];
    for (const [index, name] of names.entries())
      expect((await uploadPhoto(server, album.albumId, token, await jpeg(40 + index), name)).status).toBe(201);
    const listed = (
      await server.request('GET', `/api/albums/${album.albumId}/photos`, { headers: { 'x-guest-token': token } })
    ).body.data.items as { originalName: string }[];
    expect(listed.map((photo) => photo.originalName).sort()).toEqual(['Zoë fiesta.jpg', 'cumplegpj.exe', 'photo']);
    // Control characters are still refused, as in every text field.
    const refused = await uploadPhoto(server, album.albumId, token, await jpeg(43), 'foto\u0007.jpg');
    expect(refused.status).toBe(400);
  });

  it('needs a guest token of this album', async () => {
    const album = await completedAlbum(server);
    const other = await completedAlbum(server);
    const otherToken = await joinAlbum(server, other);
    expect((await uploadPhoto(server, album.albumId, undefined, await jpeg(5))).status).toBe(401);
    expect((await uploadPhoto(server, album.albumId, otherToken, await jpeg(5))).status).toBe(403);
    expect((await uploadPhoto(server, album.albumId, 'made-up-token', await jpeg(5))).status).toBe(403);
  });

  it('refuses uploads after the window closes, with a clear 403', async () => {
    const album = await completedAlbum(server);
    const token = await joinAlbum(server, album);
    await patchSnapshot(server, album.albumId, { validUntil: new Date(Date.now() - 60_000).toISOString() });
    const response = await uploadPhoto(server, album.albumId, token, await jpeg(6));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      code: 'UPLOADS_CLOSED',
      message: expect.stringContaining('upload period'),
    });
  });

  it('never lets concurrent uploads pass the photo limit, and stores nothing for the refused', async () => {
    const album = await completedAlbum(server);
    const token = await joinAlbum(server, album);
    await patchSnapshot(server, album.albumId, { photoLimit: 10 });
    const photos = await Promise.all(Array.from({ length: 40 }, (_, i) => jpeg(100 + i)));
    const responses = await Promise.all(photos.map((bytes) => uploadPhoto(server, album.albumId, token, bytes)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 403)).toHaveLength(30);
    const refused = await Promise.all(
      responses.filter((r) => r.status === 403).map((r) => r.json() as Promise<{ code: string }>),
    );
    expect(refused.every((body) => body.code === 'PHOTO_LIMIT_REACHED')).toBe(true);
    expect(await storedFiles(album.albumId)).toHaveLength(30);
  });
});
