import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumableUploads } from '../../src/db/schema/index.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { completedAlbum, joinAlbum, jpeg, patchSnapshot } from '../guests/guest-factories.js';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-tus-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const MB = 1024 * 1024;
const b64 = (text: string) => Buffer.from(text).toString('base64');
const video = async (seed: number, padding = 3 * MB) =>
  Buffer.concat([
    await fs.readFile(path.resolve(import.meta.dirname, '../fixtures/clip.mp4')),
    Buffer.alloc(padding, seed),
  ]);
/** The chunk objects left in the (local) blob store: none once an upload finished or went away. */
const leftChunks = async () =>
  await fs.readdir(path.join(dataDir, 'media', 'resumable'), { recursive: true }).catch(() => [] as string[]);

function tus(
  method: string,
  url: string,
  token: string | undefined,
  headers: Record<string, string> = {},
  body?: Buffer,
) {
  return fetch(server.url + url, {
    method,
    headers: { 'tus-resumable': '1.0.0', ...(token ? { 'x-guest-token': token } : {}), ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
}
const create = (
  albumId: string,
  token: string | undefined,
  length: number,
  metadata = `filename ${b64('fiesta.mp4')},uploaderName ${b64('Tío Pepe')}`,
) =>
  tus('POST', `/api/albums/${albumId}/uploads`, token, {
    'upload-length': String(length),
    'upload-metadata': metadata,
  });
const patch = (location: string, token: string, offset: number, bytes: Buffer) =>
  tus(
    'PATCH',
    location,
    token,
    { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
  );
const offsetOf = async (location: string, token: string) =>
  Number((await tus('HEAD', location, token)).headers.get('upload-offset'));

/** Starts a PATCH of `bytes`, sends only the first `sent` of them, then drops the connection. */
async function droppedPatch(location: string, token: string, offset: number, bytes: Buffer, sent: number) {
  const { port } = new URL(server.url);
  const request = http.request({
    host: '127.0.0.1',
    port,
    path: location,
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      'x-guest-token': token,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'content-length': String(bytes.length),
    },
  });
  request.on('error', () => undefined);
  request.write(bytes.subarray(0, sent));
  // Cut once the server holds the upload: under load a fixed wait cut before the PATCH started.
  const uploadId = location.split('/').pop()!;
  const claimOf = async () =>
    (await server.app.services.database.db.select().from(resumableUploads).where(eq(resumableUploads.id, uploadId)))[0]
      ?.receivingClaim;
  await expect.poll(claimOf, { timeout: 20_000 }).toBeTruthy();
  await new Promise((resolve) => setTimeout(resolve, 500));
  request.destroy();
}

describe('resumable uploads (tus 1.0)', () => {
  it('takes a file in three chunks across a dropped connection and lists the result', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const token = await joinAlbum(server, album, 'Pepe');
    const file = await video(1);

    const options = await tus('OPTIONS', `/api/albums/${album.albumId}/uploads`, undefined);
    expect(options.status).toBe(204);
    expect(options.headers.get('tus-version')).toBe('1.0.0');

    const created = await create(album.albumId, token, file.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^/api/albums/${album.albumId}/uploads/[0-9a-f-]{36}$`));
    expect(created.headers.get('tus-resumable')).toBe('1.0.0');

    const first = await patch(location, token, 0, file.subarray(0, MB));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(MB));

    // Chunk two: the connection drops half way; what arrived is kept.
    await droppedPatch(location, token, MB, file.subarray(MB, 2 * MB), MB / 2);
    const resumeAt = await offsetOf(location, token);
    expect(resumeAt).toBeGreaterThan(MB);
    expect(resumeAt).toBeLessThanOrEqual(MB + MB / 2);

    // A wrong offset is refused without touching the file.
    const wrong = await patch(location, token, MB, file.subarray(MB, 2 * MB));
    expect(wrong.status).toBe(409);
    expect(await offsetOf(location, token)).toBe(resumeAt);

    const second = await patch(location, token, resumeAt, file.subarray(resumeAt, 2 * MB));
    expect(second.status).toBe(204);
    expect(second.headers.get('momentos-photo-id')).toBeNull();
    const last = await patch(location, token, 2 * MB, file.subarray(2 * MB));
    expect(last.status).toBe(204);
    expect(last.headers.get('upload-offset')).toBe(String(file.length));
    const photoId = last.headers.get('momentos-photo-id');
    expect(photoId).toMatch(/^[0-9a-f-]{36}$/);
    expect(last.headers.get('momentos-photo-status')).toBe('approved');

    const result = await tus('GET', location, token);
    expect(await result.json()).toEqual({ success: true, data: { id: photoId, status: 'approved' } });
    const listed = (
      await server.request('GET', `/api/albums/${album.albumId}/photos`, { headers: { 'x-guest-token': token } })
    ).body.data.items;
    expect(listed).toEqual([
      expect.objectContaining({ id: photoId, kind: 'video', originalName: 'fiesta.mp4', uploadedByName: 'Tío Pepe' }),
    ]);
    const stored = await fs.readFile(path.join(dataDir, 'media', 'albums', album.albumId, photoId!, 'original.mp4'));
    expect(stored.equals(file)).toBe(true);
    expect(await leftChunks()).toEqual([]);
  });

  it('stores a file name without bidi overrides, and an empty one as "video"', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const token = await joinAlbum(server, album, 'Pepe');
    const names: string[] = [];
    for (const [index, name] of ['fiesta\u202Evom.exe', ''].entries()) {
      const file = await video(20 + index, MB);
      const created = await create(album.albumId, token, file.length, `filename ${b64(name)}`);
      expect(created.status).toBe(201);
      const done = await patch(created.headers.get('location')!, token, 0, file);
      expect(done.status).toBe(204);
      names.push(done.headers.get('momentos-photo-id')!);
    }
    const listed = (
      await server.request('GET', `/api/albums/${album.albumId}/photos`, { headers: { 'x-guest-token': token } })
    ).body.data.items as { id: string; originalName: string }[];
    expect(names.map((id) => listed.find((photo) => photo.id === id)?.originalName)).toEqual([
      'fiestavom.exe',
      'video',
    ]);
    // No filename at all is the same as an empty one; a control character is refused.
    expect((await create(album.albumId, token, MB, `uploaderName ${b64('Pepe')}`)).status).toBe(201);
    expect((await create(album.albumId, token, MB, `filename ${b64('a\u0007.mp4')}`)).status).toBe(400);
  });

  it('keeps each upload to the guest who started it, and needs the tus header', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const owner = await joinAlbum(server, album, 'Ana');
    const other = await joinAlbum(server, album, 'Luis');
    const file = await video(2, MB);
    expect((await create(album.albumId, undefined, file.length)).status).toBe(401);
    const location = (await create(album.albumId, owner, file.length)).headers.get('location')!;

    const stranger = await patch(location, other, 0, file);
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toMatchObject({
      code: 'ALBUM_ACCESS_DENIED',
      message: 'This upload belongs to another guest',
    });
    expect((await tus('HEAD', location, other)).status).toBe(403);
    expect((await tus('DELETE', location, other)).status).toBe(403);
    expect(await offsetOf(location, owner)).toBe(0);

    const noHeader = await fetch(server.url + location, { method: 'HEAD', headers: { 'x-guest-token': owner } });
    expect(noHeader.status).toBe(412);

    // Termination removes the upload and its bytes.
    expect((await patch(location, owner, 0, file.subarray(0, 1000))).status).toBe(204);
    expect((await tus('DELETE', location, owner)).status).toBe(204);
    expect((await tus('HEAD', location, owner)).status).toBe(404);
    expect(await leftChunks()).toEqual([]);
  });

  it('refuses early at creation when the plan has no room, and again at the finish', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const token = await joinAlbum(server, album);
    expect((await create(album.albumId, token, 201 * MB)).status).toBe(413);
    await patchSnapshot(server, album.albumId, { videoLimit: 0 });
    const noVideos = await create(album.albumId, token, 30 * MB);
    expect(noVideos.status).toBe(403);
    expect(await noVideos.json()).toMatchObject({ code: 'VIDEO_LIMIT_REACHED' });

    // Two uploads pass the early check with room for one video; the second is refused when it finishes.
    await patchSnapshot(server, album.albumId, { videoLimit: 1 });
    const [a, b] = [await video(3, MB), await video(4, MB)];
    const first = (await create(album.albumId, token, a.length)).headers.get('location')!;
    const second = (await create(album.albumId, token, b.length)).headers.get('location')!;
    expect((await patch(first, token, 0, a)).status).toBe(204);
    const refused = await patch(second, token, 0, b);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'VIDEO_LIMIT_REACHED' });
    expect((await tus('HEAD', second, token)).status).toBe(404);
    expect(await leftChunks()).toEqual([]);

    // A small photo still fits the photo allowance.
    const photo = await jpeg(77);
    const photoUpload = (
      await create(album.albumId, token, photo.length, `filename ${b64('a.jpg')},filetype ${b64('image/jpeg')}`)
    ).headers.get('location')!;
    const done = await patch(photoUpload, token, 0, photo);
    expect(done.headers.get('momentos-photo-id')).toBeTruthy();
  });

  it('refuses a file that only starts like a video with 415 at the finish, keeping no row, file or chunk and no video allowance', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const token = await joinAlbum(server, album);
    await patchSnapshot(server, album.albumId, { videoLimit: 1 });
    const clip = await fs.readFile(path.resolve(import.meta.dirname, '../fixtures/clip.mp4'));
    // A real MP4 header (its ftyp box) and then 4 KB of text: the first bytes alone say "video/mp4".
    const fake = Buffer.concat([clip.subarray(0, 32), Buffer.alloc(4096, 'this is not a video ')]);
    const location = (await create(album.albumId, token, fake.length)).headers.get('location')!;
    expect((await patch(location, token, 0, fake.subarray(0, 1000))).status).toBe(204);
    const refused = await patch(location, token, 1000, fake.subarray(1000));
    expect(refused.status).toBe(415);
    expect(await refused.json()).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED' });
    expect((await tus('HEAD', location, token)).status).toBe(404);
    expect(await leftChunks()).toEqual([]);
    expect(await fs.readdir(path.join(dataDir, 'media', 'albums', album.albumId)).catch(() => [])).toEqual([]);
    expect(await fs.readdir(path.join(dataDir, 'media', 'incoming')).catch(() => [])).toEqual([]);

    // The album's one video is still free for a real one.
    const real = (await create(album.albumId, token, clip.length)).headers.get('location')!;
    const done = await patch(real, token, 0, clip);
    expect(done.status).toBe(204);
    const listed = (
      await server.request('GET', `/api/albums/${album.albumId}/photos`, { headers: { 'x-guest-token': token } })
    ).body.data.items;
    expect(listed).toEqual([expect.objectContaining({ id: done.headers.get('momentos-photo-id'), kind: 'video' })]);
  });

  it('sweeps unfinished uploads once they expire', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const token = await joinAlbum(server, album);
    const created = await create(album.albumId, token, 5000);
    const location = created.headers.get('location')!;
    expect(new Date(created.headers.get('upload-expires')!).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect((await patch(location, token, 0, Buffer.alloc(100, 1))).status).toBe(204);
    expect(await server.app.resumableUploads.sweep(new Date())).toBe(0);
    expect(await server.app.resumableUploads.sweep(new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(1);
    expect((await tus('HEAD', location, token)).status).toBe(404);
    expect(await leftChunks()).toEqual([]);
  });

  it('frees an upload whose PATCH holder died once its lease runs out, and never before', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const token = await joinAlbum(server, album);
    const file = await video(5, MB);
    const location = (await create(album.albumId, token, file.length)).headers.get('location')!;
    const uploadId = location.split('/').pop()!;
    // What a server that crashed mid-PATCH leaves: a claim whose lease is still running.
    const db = server.app.services.database.db;
    await db
      .update(resumableUploads)
      .set({
        receivingClaim: '00000000-0000-4000-8000-000000000000',
        receivingUntil: sql`now() + interval '1500 milliseconds'`,
      })
      .where(eq(resumableUploads.id, uploadId));
    const held = await patch(location, token, 0, file);
    expect(held.status).toBe(409);
    expect(await held.json()).toMatchObject({
      message: 'This upload is already receiving data; ask for its offset (HEAD) and resume from there',
    });
    expect((await tus('DELETE', location, token)).status).toBe(409);
    // HEAD waits for the holder, then answers the offset it left: nothing was recorded.
    expect(await offsetOf(location, token)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const resumed = await patch(location, token, 0, file);
    expect(resumed.status).toBe(204);
    expect(resumed.headers.get('momentos-photo-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await leftChunks()).toEqual([]);
  });
});
