import fsp from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albumPhotos } from '../../db/schema/index.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The newest modification time of a directory and the files in it. */
async function newestChange(dir: string): Promise<number> {
  let newest = (await fsp.stat(dir)).mtimeMs;
  for (const name of await fsp.readdir(dir)) {
    const stat = await fsp.stat(path.join(dir, name)).catch(() => undefined);
    if (stat) newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

/**
 * Removes photo folders (`albums/<album>/<photo>/`) that no database row points at: a crash
 * between writing the files and inserting the row, or an album deleted while its files stayed.
 * Only folders untouched for `minAgeMs` go, so an upload in flight (files written, row not yet
 * inserted) is left alone. Answers how many folders were removed.
 */
export async function sweepOrphanMedia(db: Database, mediaDir: string, minAgeMs = 10 * 60_000, now = Date.now()): Promise<number> {
  const albumsDir = path.join(mediaDir, 'albums');
  let removed = 0;
  for (const album of await fsp.readdir(albumsDir).catch(() => [] as string[])) {
    const albumDir = path.join(albumsDir, album);
    const folders = (await fsp.readdir(albumDir).catch(() => [] as string[])).filter((name) => UUID.test(name));
    for (let start = 0; start < folders.length; start += 500) {
      const batch = folders.slice(start, start + 500);
      const known = new Set((await db.select({ id: albumPhotos.id }).from(albumPhotos).where(inArray(albumPhotos.id, batch))).map((row) => row.id));
      for (const photo of batch.filter((id) => !known.has(id))) {
        const dir = path.join(albumDir, photo);
        const changed = await newestChange(dir).catch(() => now);
        if (now - changed < minAgeMs) continue;
        await fsp.rm(dir, { recursive: true, force: true });
        removed++;
      }
    }
    // An album folder left empty (its album deleted) goes too.
    if ((await fsp.readdir(albumDir).catch(() => ['?'])).length === 0) await fsp.rmdir(albumDir).catch(() => undefined);
  }
  return removed;
}
