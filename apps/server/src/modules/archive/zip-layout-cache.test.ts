import { describe, expect, it } from 'vitest';
import { createZipLayoutCache } from './zip-layout-cache.js';

/** A build that read the rows at `version`. */
const built = (layout: string, version: string) => async () => ({ layout, version });

describe('createZipLayoutCache', () => {
  it('builds once per album and version, and afresh when the version changes', async () => {
    const cache = createZipLayoutCache<string>({ maxAlbums: 4 });
    expect(await cache.layoutFor('a', 'v1', built('layout 1', 'v1'))).toBe('layout 1');
    expect(await cache.layoutFor('a', 'v1', built('unused', 'v1'))).toBe('layout 1');
    expect(await cache.layoutFor('a', 'v2', built('layout 2', 'v2'))).toBe('layout 2');
    expect(await cache.layoutFor('a', 'v2', built('unused', 'v2'))).toBe('layout 2');
    expect(cache.builds).toBe(2);
  });

  it('answers but does not keep a layout built from rows that changed after the version was read', async () => {
    const cache = createZipLayoutCache<string>({ maxAlbums: 4 });
    // A photo arrived between the summary (v1) and the rows (v2), then was deleted again (v1).
    expect(await cache.layoutFor('a', 'v1', built('with the photo', 'v2'))).toBe('with the photo');
    expect(await cache.layoutFor('a', 'v1', built('without it', 'v1'))).toBe('without it');
    expect(cache.builds).toBe(2);
  });

  it('gives concurrent callers one build, and keeps no failed build', async () => {
    const cache = createZipLayoutCache<string>({ maxAlbums: 4 });
    let release!: (value: { layout: string; version: string }) => void;
    const first = cache.layoutFor('a', 'v1', () => new Promise((resolve) => (release = resolve)));
    const second = cache.layoutFor('a', 'v1', built('unused', 'v1'));
    release({ layout: 'layout', version: 'v1' });
    expect(await Promise.all([first, second])).toEqual(['layout', 'layout']);

    const failing = async () => Promise.reject(new Error('missing file'));
    await expect(cache.layoutFor('b', 'v1', failing)).rejects.toThrow('missing file');
    expect(await cache.layoutFor('b', 'v1', built('retried', 'v1'))).toBe('retried');
    expect(cache.builds).toBe(3);
  });

  it('keeps at most maxAlbums layouts, dropping the least recently used', async () => {
    const cache = createZipLayoutCache<string>({ maxAlbums: 2 });
    await cache.layoutFor('a', 'v', built('a', 'v'));
    await cache.layoutFor('b', 'v', built('b', 'v'));
    await cache.layoutFor('a', 'v', built('unused', 'v')); // 'a' is now the most recent
    await cache.layoutFor('c', 'v', built('c', 'v')); // drops 'b'
    expect(cache.builds).toBe(3);
    expect(await cache.layoutFor('a', 'v', built('rebuilt a', 'v'))).toBe('a');
    expect(await cache.layoutFor('b', 'v', built('rebuilt b', 'v'))).toBe('rebuilt b');
    expect(cache.builds).toBe(4);
  });
});
