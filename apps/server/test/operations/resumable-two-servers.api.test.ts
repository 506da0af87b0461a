import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedAlbum, joinAsGuest, type E2eAlbum } from '../../../../e2e/support/album-fixture.js';
import { startLocalS3, type LocalS3 } from '../support/s3-server.js';
import { startTwoServers, type RunningServer, type TwoServers } from '../support/two-servers.js';

/**
 * Resumable (tus) uploads behind a load balancer with no sticky routing: the chunks of one upload
 * reach different servers, and two servers are sent the same chunk at once. The servers share
 * only the database and the object store (on PostgreSQL they are two processes with separate
 * data directories), so this holds only if nothing about an upload stays in one server.
 */
let s3: LocalS3;
let two: TwoServers | undefined;
let store: ReturnType<LocalS3['openStore']>;

beforeAll(async () => {
  s3 = await startLocalS3();
  two = await startTwoServers({
    ...s3.env,
    WEB_DIST_DIR: '',
    MEDIA_URL_SECRET: 'two-servers-signing-key-0123456789abcdef',
  });
  store = s3.openStore();
}, 120_000);

afterAll(async () => {
  store?.client.destroy();
  await two?.stop();
  await s3?.close();
});

const MB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const video = async (seed: number, padding: number) =>
  Buffer.concat([
    await fs.readFile(path.resolve(import.meta.dirname, '../fixtures/clip.mp4')),
    Buffer.alloc(padding, seed),
  ]);

function tus(
  server: RunningServer,
  method: string,
  url: string,
  token: string,
  headers: Record<string, string> = {},
  body?: Buffer,
) {
  return fetch(server.url + url, {
    method,
    headers: { 'tus-resumable': '1.0.0', 'x-guest-token': token, ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
}
const patch = (server: RunningServer, location: string, token: string, offset: number, bytes: Buffer) =>
  tus(
    server,
    'PATCH',
    location,
    token,
    { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
  );

async function startUpload(server: RunningServer, album: E2eAlbum, token: string, length: number) {
  const created = await tus(server, 'POST', `/api/albums/${album.albumId}/uploads`, token, {
    'upload-length': String(length),
    'upload-metadata': `filename ${Buffer.from('baile.mp4').toString('base64')}`,
  });
  expect(created.status).toBe(201);
  return created.headers.get('location')!;
}

/** The stored original's SHA-256, read back from the shared bucket. */
async function storedSha256(albumId: string, photoId: string) {
  const object = await store.get(`albums/${albumId}/${photoId}/original.mp4`);
  expect(object, 'the original is in the bucket').toBeDefined();
  const hash = createHash('sha256');
  for await (const chunk of object!.stream as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

async function chunksLeft(location: string) {
  const keys: string[] = [];
  for await (const object of store.list(`resumable/${location.split('/').pop()}/`)) keys.push(object.key);
  return keys;
}

async function listedIds(server: RunningServer, albumId: string, token: string) {
  const listed = await fetch(`${server.url}/api/albums/${albumId}/photos`, { headers: { 'x-guest-token': token } });
  expect(listed.status).toBe(200);
  return ((await listed.json()) as { data: { items: { id: string }[] } }).data.items.map((item) => item.id);
}

describe('resumable uploads on two servers with no sticky routing', () => {
  it('takes the first chunk on A, the offset and the rest on B, and lists the video on both', async () => {
    const [a, b] = two!.servers;
    const album = await finishedAlbum(a.url, 'premium');
    const token = await joinAsGuest(album);
    const file = await video(11, 12 * MB);
    const location = await startUpload(a, album, token, file.length);

    const first = await patch(a, location, token, 0, file.subarray(0, 5 * MB));
    expect(first.status, two!.mode).toBe(204);
    const head = await tus(b, 'HEAD', location, token);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(5 * MB));
    expect(head.headers.get('upload-length')).toBe(String(file.length));

    // A stale offset sent to B is refused as on one server.
    expect((await patch(b, location, token, 0, file.subarray(0, MB))).status).toBe(409);
    const second = await patch(b, location, token, 5 * MB, file.subarray(5 * MB, 10 * MB));
    expect(second.status).toBe(204);
    expect(second.headers.get('upload-offset')).toBe(String(10 * MB));
    const last = await patch(b, location, token, 10 * MB, file.subarray(10 * MB));
    expect(last.status).toBe(204);
    expect(last.headers.get('upload-offset')).toBe(String(file.length));
    const photoId = last.headers.get('momentos-photo-id')!;
    expect(photoId).toMatch(/^[0-9a-f-]{36}$/);

    expect(await listedIds(a, album.albumId, token)).toEqual([photoId]);
    expect(await listedIds(b, album.albumId, token)).toEqual([photoId]);
    expect(await (await tus(a, 'GET', location, token)).json()).toEqual({
      success: true,
      data: { id: photoId, status: 'approved' },
    });
    expect(await storedSha256(album.albumId, photoId)).toBe(sha256(file));
    expect(await chunksLeft(location)).toEqual([]);
  });

  it('lets only one of two servers append the same chunk at once, and stores exactly the file', async () => {
    const [a, b] = two!.servers;
    const album = await finishedAlbum(a.url, 'premium');
    const token = await joinAsGuest(album);
    const file = await video(12, 8 * MB);
    const location = await startUpload(b, album, token, file.length);

    // The same first chunk to both servers at the same moment, as a client retrying through a load balancer might.
    const chunk = file.subarray(0, 4 * MB);
    const answers = await Promise.all([patch(a, location, token, 0, chunk), patch(b, location, token, 0, chunk)]);
    expect(answers.map((answer) => answer.status).sort(), two!.mode).toEqual([204, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(await loser.json()).toMatchObject({ success: false, code: 'UPLOAD_OFFSET_MISMATCH' });
    for (const server of [a, b])
      expect((await tus(server, 'HEAD', location, token)).headers.get('upload-offset')).toBe(String(4 * MB));

    const last = await patch(b, location, token, 4 * MB, file.subarray(4 * MB));
    expect(last.status).toBe(204);
    const photoId = last.headers.get('momentos-photo-id')!;
    expect(photoId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await listedIds(a, album.albumId, token)).toEqual([photoId]);
    expect(await storedSha256(album.albumId, photoId)).toBe(sha256(file));
    expect(await chunksLeft(location)).toEqual([]);
  });
});
