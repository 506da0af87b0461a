import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepMediaLeftovers } from '../../src/modules/uploads/orphan-media.js';
import { startLocalS3, type LocalS3 } from '../support/s3-server.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { completedAlbum, joinAlbum, jpeg, uploadPhoto } from '../guests/guest-factories.js';

let s3: LocalS3;
let server: TestServer;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-s3-data-'));

beforeAll(async () => {
  s3 = await startLocalS3();
  server = await startTestServer({ env: { ...s3.env, DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('media on S3-compatible storage', () => {
  it('keeps the original and renditions in the bucket, not on the server’s disk, and serves them', async () => {
    const album = await completedAlbum(server);
    const token = await joinAlbum(server, album);
    const uploaded = await uploadPhoto(server, album.albumId, token, await jpeg(42, { width: 320, height: 240 }));
    expect(uploaded.status).toBe(201);
    const { id } = ((await uploaded.json()) as { data: { id: string } }).data;

    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `albums/${album.albumId}/${id}/` }),
    );
    client.destroy();
    const names = (listed.Contents ?? []).map((object) => path.basename(object.Key!)).sort();
    expect(names).toEqual(expect.arrayContaining(['display.webp', 'original.jpg', 'thumb.webp']));
    expect(fs.existsSync(path.join(dataDir, 'media', 'albums'))).toBe(false);

    const list = await server.request('GET', `/api/albums/${album.albumId}/photos`, {
      headers: { 'x-album-code': album.accessCode },
    });
    const thumb = await fetch(server.url + list.body.data.items[0].thumbnailUrl);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect((await thumb.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it('sweeps photo folders with no row from the bucket once they are old enough, and keeps every stored photo', async () => {
    const album = await completedAlbum(server);
    const token = await joinAlbum(server, album);
    const stored = (
      (await (await uploadPhoto(server, album.albumId, token, await jpeg(43))).json()) as { data: { id: string } }
    ).data.id;
    const { database, blobStore } = server.app.services;
    // What a server killed between writing the files and inserting the row leaves, here and in an album since deleted.
    const orphans = [
      `albums/${album.albumId}/77777777-7777-4777-8777-777777777777/`,
      'albums/88888888-8888-4888-8888-888888888888/99999999-9999-4999-8999-999999999999/',
    ];
    for (const folder of orphans) await blobStore.put(`${folder}thumb.webp`, Buffer.from('x'), 'image/webp');
    const keysUnder = async (prefix: string) => {
      const keys: string[] = [];
      for await (const object of blobStore.list(prefix)) keys.push(object.key);
      return keys.sort();
    };
    const mediaDir = path.join(dataDir, 'media');

    // Just written: an upload could still be in flight.
    expect(await sweepMediaLeftovers({ db: database.db, blobStore, mediaDir })).toEqual({
      orphanFolders: 0,
      partials: 0,
    });
    for (const folder of orphans) expect(await keysUnder(folder)).toEqual([`${folder}thumb.webp`]);
    // An object store keeps its own times, so the sweep is asked as if two hours had passed.
    const later = Date.now() + 2 * 3_600_000;
    expect(await sweepMediaLeftovers({ db: database.db, blobStore, mediaDir }, undefined, later)).toEqual({
      orphanFolders: 2,
      partials: 0,
    });
    for (const folder of orphans) expect(await keysUnder(folder)).toEqual([]);
    expect((await keysUnder(`albums/${album.albumId}/${stored}/`)).map((key) => path.basename(key))).toEqual([
      'display.webp',
      'original.jpg',
      'thumb.webp',
    ]);
  });
});
