import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepPartialFiles } from './sweep-partials.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('sweepPartialFiles', () => {
  it('removes old temporary files only, in any folder, and keeps finished ones', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweep-'));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, 'albums', 'a'), { recursive: true });
    const old = path.join(dir, 'albums', 'a', 'thumb.webp.abc.partial');
    const fresh = path.join(dir, 'albums', 'a', 'display.webp.def.partial');
    const done = path.join(dir, 'albums', 'a', 'original.jpg');
    for (const file of [old, fresh, done]) fs.writeFileSync(file, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
    expect(await sweepPartialFiles(dir)).toBe(1);
    expect(fs.readdirSync(path.join(dir, 'albums', 'a')).sort()).toEqual(['display.webp.def.partial', 'original.jpg']);
    expect(await sweepPartialFiles(path.join(dir, 'missing'))).toBe(0);
  });
});
