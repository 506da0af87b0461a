import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from './local-blob-store.js';

const dirs: string[] = [];
const newStore = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blobs-'));
  dirs.push(dir);
  return { dir, store: createLocalBlobStore(dir) };
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('local blob store', () => {
  it('stores, reads and deletes an object, leaving no temporary file', async () => {
    const { dir, store } = newStore();
    await store.put('covers/a.webp', Buffer.from('hello'), 'image/webp');
    const blob = await store.get('covers/a.webp');
    expect(blob).toMatchObject({ size: 5, contentType: 'image/webp' });
    expect(await text(blob!.stream)).toBe('hello');
    expect(fs.readdirSync(path.join(dir, 'covers'))).toEqual(['a.webp']);
    await store.delete('covers/a.webp');
    expect(await store.get('covers/a.webp')).toBeUndefined();
  });

  it('lists the objects under a folder and deletes them all, folder included', async () => {
    const { dir, store } = newStore();
    await store.put('resumable/u1/000-a', Buffer.from('abc'), 'application/octet-stream');
    await store.put('resumable/u1/003-b', Buffer.from('de'), 'application/octet-stream');
    await store.put('covers/c.webp', Buffer.from('x'), 'image/webp');
    fs.writeFileSync(path.join(dir, 'resumable', 'u1', 'in-flight.partial'), 'y');
    const listed: string[] = [];
    for await (const object of store.list('resumable/')) {
      expect(object.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
      listed.push(object.key);
    }
    expect(listed.sort()).toEqual(['resumable/u1/000-a', 'resumable/u1/003-b']);
    await store.deleteAll('resumable/u1/');
    expect(fs.existsSync(path.join(dir, 'resumable', 'u1'))).toBe(false);
    expect(await text((await store.get('covers/c.webp'))!.stream)).toBe('x');
    await expect(store.deleteAll('../')).rejects.toThrow(/Unsafe/);
  });

  it('lists the folders under a folder with their times, and takes emptied parent folders along, never the top level', async () => {
    const { dir, store } = newStore();
    await store.put('albums/a/p1/thumb.webp', Buffer.from('x'), 'image/webp');
    await store.put('albums/a/p2/thumb.webp', Buffer.from('y'), 'image/webp');
    fs.mkdirSync(path.join(dir, 'albums', 'a', 'empty'));
    const folders: string[] = [];
    for await (const folder of store.listFolders('albums/a/')) {
      expect(folder.modifiedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
      folders.push(folder.prefix);
    }
    expect(folders.sort()).toEqual(['albums/a/empty/', 'albums/a/p1/', 'albums/a/p2/']);
    await store.deleteAll('albums/a/p1/');
    await store.deleteAll('albums/a/empty/');
    // The album folder still holds p2.
    expect(fs.readdirSync(path.join(dir, 'albums', 'a'))).toEqual(['p2']);
    await store.deleteAll('albums/a/p2/');
    expect(fs.existsSync(path.join(dir, 'albums', 'a'))).toBe(false);
    expect(fs.readdirSync(path.join(dir, 'albums'))).toEqual([]);
    for await (const folder of store.listFolders('missing/'))
      expect.unreachable(`no folder under a missing one: ${folder.prefix}`);
  });

  it('refuses keys that could leave its directory', async () => {
    const { store } = newStore();
    await expect(store.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe/);
    await expect(store.get('/etc/passwd')).rejects.toThrow(/Unsafe/);
  });
});
