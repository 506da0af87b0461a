import { describe, expect, it } from 'vitest';
import { createAlbumReadCache } from './album-read-cache.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('album read cache', () => {
  it('loads once for concurrent readers and answers from memory afterwards', async () => {
    const cache = createAlbumReadCache({ ttlMs: 10_000, maxAlbums: 10, maxKeysPerAlbum: 10 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.read('a', 'k', load), cache.read('a', 'k', load)])).toEqual([1, 1]);
    expect(await cache.read('a', 'k', load)).toBe(1);
    expect(loads).toBe(1);
  });

  it('reloads after the album changes, and only that album', async () => {
    const cache = createAlbumReadCache({ ttlMs: 10_000, maxAlbums: 10, maxKeysPerAlbum: 10 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.read('a', 'k', load);
    await cache.read('b', 'k', load);
    cache.invalidate('a');
    expect(await cache.read('a', 'k', load)).toBe(3);
    expect(await cache.read('b', 'k', load)).toBe(2);
  });

  it('does not keep what a load read from before a change that happened while it ran', async () => {
    const cache = createAlbumReadCache({ ttlMs: 10_000, maxAlbums: 10, maxKeysPerAlbum: 10 });
    const stale = deferred<string>();
    const first = cache.read('a', 'k', () => stale.promise);
    cache.invalidate('a');
    // A reader after the change does not join the stale load.
    const second = cache.read('a', 'k', async () => 'fresh');
    stale.resolve('stale');
    expect(await first).toBe('stale');
    expect(await second).toBe('fresh');
    expect(await cache.read('a', 'k', async () => 'again')).toBe('fresh');
  });

  it('expires entries after the TTL and forgets failed loads', async () => {
    let clock = 0;
    const cache = createAlbumReadCache({ ttlMs: 100, maxAlbums: 10, maxKeysPerAlbum: 10, now: () => clock });
    await expect(cache.read('a', 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.read('a', 'k', async () => 'v1')).toBe('v1');
    clock = 101;
    expect(await cache.read('a', 'k', async () => 'v2')).toBe('v2');
  });

  it('stays within its bounds, dropping the least recently read album and the oldest key', async () => {
    const cache = createAlbumReadCache({ ttlMs: 10_000, maxAlbums: 2, maxKeysPerAlbum: 2 });
    await cache.read('a', 'k', async () => 'a1');
    await cache.read('b', 'k', async () => 'b1');
    await cache.read('a', 'k', async () => 'unused');
    await cache.read('c', 'k', async () => 'c1');
    expect(await cache.read('a', 'k', async () => 'a2')).toBe('a1');
    expect(await cache.read('b', 'k', async () => 'b2')).toBe('b2');
    await cache.read('a', 'x', async () => 'x');
    await cache.read('a', 'y', async () => 'y');
    expect(await cache.read('a', 'k', async () => 'a3')).toBe('a3');
  });
});

describe('album read cache, by what changed', () => {
  it("keeps the album's passes through a content change, and forgets them when the album changes", async () => {
    const cache = createAlbumReadCache({ ttlMs: 10_000, maxAlbums: 10, maxKeysPerAlbum: 10 });
    await cache.read('a', 'album', async () => 'album 1', 'pass');
    await cache.read('a', 'page:1', async () => 'page 1');
    cache.invalidate('a', 'content');
    expect(await cache.read('a', 'album', async () => 'album 2', 'pass')).toBe('album 1');
    expect(await cache.read('a', 'page:1', async () => 'page 2')).toBe('page 2');
    cache.invalidate('a', 'album');
    expect(await cache.read('a', 'album', async () => 'album 3', 'pass')).toBe('album 3');
    expect(await cache.read('a', 'page:1', async () => 'page 3')).toBe('page 3');
    cache.invalidate('a');
    expect(await cache.read('a', 'album', async () => 'album 4', 'pass')).toBe('album 4');
  });

  it('keeps a pass loaded across a content change, but not a page', async () => {
    const cache = createAlbumReadCache({ ttlMs: 10_000, maxAlbums: 10, maxKeysPerAlbum: 10 });
    const pass = deferred<string>();
    const page = deferred<string>();
    const passLoad = cache.read('a', 'guest:x', () => pass.promise, 'pass');
    const pageLoad = cache.read('a', 'page:1', () => page.promise);
    cache.invalidate('a', 'content');
    pass.resolve('pass before');
    page.resolve('page before');
    expect([await passLoad, await pageLoad]).toEqual(['pass before', 'page before']);
    expect(await cache.read('a', 'guest:x', async () => 'pass after', 'pass')).toBe('pass before');
    expect(await cache.read('a', 'page:1', async () => 'page after')).toBe('page after');
  });
});
