import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepPartialFiles } from './sweep-partials.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
const age = (...targets: string[]) => targets.forEach((target) => fs.utimesSync(target, twoHoursAgo, twoHoursAgo));

describe('sweepPartialFiles', () => {
  it('removes old temporary files only, in any folder, and keeps finished ones', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweep-'));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, 'albums', 'a'), { recursive: true });
    const old = path.join(dir, 'albums', 'a', 'thumb.webp.abc.partial');
    const fresh = path.join(dir, 'albums', 'a', 'display.webp.def.partial');
    const done = path.join(dir, 'albums', 'a', 'original.jpg');
    for (const file of [old, fresh, done]) fs.writeFileSync(file, 'x');
    age(old);
    expect(await sweepPartialFiles(dir)).toBe(1);
    expect(fs.readdirSync(path.join(dir, 'albums', 'a')).sort()).toEqual(['display.webp.def.partial', 'original.jpg']);
    expect(await sweepPartialFiles(path.join(dir, 'missing'))).toBe(0);
  });

  it('removes old folders its temporary files leave empty, and never a fresh, a full or a top-level one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweep-'));
    dirs.push(dir);
    const chunkFolder = path.join(dir, 'resumable', 'u1');
    const emptyAlbum = path.join(dir, 'albums', 'gone');
    const freshAlbum = path.join(dir, 'albums', 'new');
    const fullAlbum = path.join(dir, 'albums', 'kept');
    for (const folder of [chunkFolder, emptyAlbum, freshAlbum, path.join(fullAlbum, 'p1'), path.join(dir, 'incoming')])
      fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(chunkFolder, '000-a.f00.partial'), 'x');
    fs.writeFileSync(path.join(fullAlbum, 'p1', 'thumb.webp'), 'x');
    fs.writeFileSync(path.join(dir, 'incoming', 'upload.partial'), 'x');
    age(
      path.join(chunkFolder, '000-a.f00.partial'),
      chunkFolder,
      emptyAlbum,
      fullAlbum,
      path.join(dir, 'incoming', 'upload.partial'),
      path.join(dir, 'incoming'),
    );
    // Two temporary files and two folders (the chunk folder they emptied, the empty album).
    expect(await sweepPartialFiles(dir)).toBe(4);
    expect(fs.readdirSync(path.join(dir, 'resumable'))).toEqual([]);
    expect(fs.readdirSync(path.join(dir, 'albums')).sort()).toEqual(['kept', 'new']);
    expect(fs.readdirSync(path.join(dir, 'incoming'))).toEqual([]);
  });

  it('sees every entry of a store with many nested photo folders', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweep-'));
    dirs.push(dir);
    // 3 albums of 40 photos, as the local store lays them out (a folder per photo): 120 aged leftovers,
    // 120 fresh ones in flight. Node 20's recursive opendir lost entries past a folder's first 32.
    const aged: string[] = [];
    const kept: string[] = [];
    for (let album = 0; album < 3; album++) {
      for (let photo = 0; photo < 40; photo++) {
        const folder = path.join(dir, 'albums', `album-${album}`, `photo-${photo}`);
        fs.mkdirSync(folder, { recursive: true });
        const files = {
          old: path.join(folder, `thumb.webp.${album}${photo}.partial`),
          fresh: path.join(folder, `display.webp.${album}${photo}.partial`),
          done: path.join(folder, 'original.jpg'),
        };
        for (const file of Object.values(files)) fs.writeFileSync(file, 'x');
        age(files.old, files.done);
        aged.push(files.old);
        kept.push(files.fresh, files.done);
      }
    }
    expect(await sweepPartialFiles(dir)).toBe(120);
    expect(aged.filter((file) => fs.existsSync(file))).toEqual([]);
    expect(kept.filter((file) => !fs.existsSync(file))).toEqual([]);
  });
});
