import type { Dirent } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * Every entry under `dir`, a folder before what it holds. Node 20's `opendir(…, { recursive: true })`
 * skips entries of a large tree (35 of 109 leftovers were missed), so each folder is read on its own:
 * one open handle per level, and memory stays flat however many files a folder holds.
 */
async function* walk(dir: string): AsyncGenerator<{ entry: Dirent; file: string }> {
  const handle = await fsp.opendir(dir).catch(() => undefined);
  for await (const entry of handle ?? []) {
    const file = path.join(dir, entry.name);
    yield { entry, file };
    if (entry.isDirectory()) yield* walk(file);
  }
}

/**
 * Removes what a crash leaves on the local disk under `rootDir` (the local store, and the staging
 * directory of either store): temporary `.partial` files, then folders two levels down
 * (`albums/<album>/`, `resumable/<upload>/`) left empty. Only what has not changed for `minAgeMs`
 * goes, so a write in flight, here or in another process sharing the disk, is left alone; and a
 * folder is removed only while empty (rmdir refuses one a new upload just wrote into). Walks the
 * tree as a stream, so memory stays flat however many files the store holds. Answers how many
 * files and folders were removed.
 */
export async function sweepPartialFiles(rootDir: string, minAgeMs = 3_600_000, now = Date.now()): Promise<number> {
  let removed = 0;
  const folders: string[] = [];
  const isOld = async (file: string) => {
    const stat = await fsp.stat(file).catch(() => undefined);
    return stat !== undefined && now - stat.mtimeMs >= minAgeMs;
  };
  for await (const { entry, file } of walk(rootDir)) {
    const depth = path.relative(rootDir, file).split(path.sep).length;
    // Judged before anything in it is removed: removing an old leftover must not make its folder look fresh.
    if (entry.isDirectory() && depth === 2 && (await isOld(file))) folders.push(file);
    if (!entry.isFile() || !entry.name.endsWith('.partial') || !(await isOld(file))) continue;
    await fsp.rm(file, { force: true });
    removed++;
  }
  for (const folder of folders) {
    if (
      await fsp.rmdir(folder).then(
        () => true,
        () => false,
      )
    )
      removed++;
  }
  return removed;
}
