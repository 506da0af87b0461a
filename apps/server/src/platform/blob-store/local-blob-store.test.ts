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

  it('refuses keys that could leave its directory', async () => {
    const { store } = newStore();
    await expect(store.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe/);
    await expect(store.get('/etc/passwd')).rejects.toThrow(/Unsafe/);
  });
});
