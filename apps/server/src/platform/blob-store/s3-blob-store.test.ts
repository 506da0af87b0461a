import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../../test/support/s3-server.js';
import { createS3BlobStore } from './s3-blob-store.js';

let s3: LocalS3;
let store: ReturnType<typeof createS3BlobStore>;

beforeAll(async () => {
  s3 = await startLocalS3();
  store = s3.openStore({ partSizeBytes: 5 * 1024 * 1024 });
});
afterAll(async () => {
  store?.client.destroy();
  await s3?.close();
});

describe('S3 blob store', () => {
  it('stores, reads and deletes an object with its content type', async () => {
    await store.put('albums/a/thumb.webp', Buffer.from('hello'), 'image/webp');
    const blob = await store.get('albums/a/thumb.webp');
    expect(blob).toMatchObject({ size: 5, contentType: 'image/webp' });
    expect(await text(blob!.stream)).toBe('hello');
    await store.delete('albums/a/thumb.webp');
    expect(await store.get('albums/a/thumb.webp')).toBeUndefined();
  });

  it('answers undefined for a key that was never written', async () => {
    expect(await store.get('albums/none/original.jpg')).toBeUndefined();
  });

  it('sends a large object as a multipart upload and reads back the same bytes', async () => {
    const large = randomBytes(11 * 1024 * 1024 + 123);
    await store.put('albums/b/original.mp4', large, 'video/mp4');
    const blob = await store.get('albums/b/original.mp4');
    expect(blob!.size).toBe(large.length);
    expect((await buffer(blob!.stream)).equals(large)).toBe(true);
  });

  it('moves a received file into the bucket and reads a byte range of it', async () => {
    const source = path.join(os.tmpdir(), `s3-put-file-${process.pid}.bin`);
    fs.writeFileSync(source, Buffer.from('0123456789'));
    await store.putFile('albums/c/original.webm', source, 'video/webm');
    expect(fs.existsSync(source)).toBe(false);
    const slice = await store.get('albums/c/original.webm', { start: 2, end: 5 });
    expect(slice!.size).toBe(10);
    expect(await text(slice!.stream)).toBe('2345');
  });

  it('lists the objects under a folder, across pages, and deletes them all', async () => {
    const keys = Array.from({ length: 5 }, (_, index) => `resumable/u2/${String(index).padStart(3, '0')}`);
    for (const key of keys) await store.put(key, Buffer.from(key), 'application/octet-stream');
    await store.put('resumable/u3/000', Buffer.from('other'), 'application/octet-stream');
    const listed: string[] = [];
    for await (const object of store.list('resumable/u2/')) listed.push(object.key);
    expect(listed).toEqual(keys);
    await store.deleteAll('resumable/u2/');
    for (const key of keys) expect(await store.get(key)).toBeUndefined();
    expect(await text((await store.get('resumable/u3/000'))!.stream)).toBe('other');
  });

  it('lists the folders directly under a folder, not the objects in or beside them', async () => {
    const keys = Array.from({ length: 5 }, (_, index) => `albums/f/${String(index).padStart(3, '0')}/thumb.webp`);
    for (const key of keys) await store.put(key, Buffer.from(key), 'image/webp');
    await store.put('albums/f/loose.webp', Buffer.from('not a folder'), 'image/webp');
    const folders: string[] = [];
    for await (const folder of store.listFolders('albums/f/')) {
      expect(folder.modifiedAt).toBeUndefined();
      folders.push(folder.prefix);
    }
    expect(folders).toEqual(keys.map((key) => key.replace('thumb.webp', '')));
  });

  it('refuses keys that could escape the store’s naming', async () => {
    await expect(store.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe/);
  });
});
