import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * Removes temporary `.partial` files a crash left under the local store. Only files older than
 * `minAgeMs` go, so a write in flight from another process sharing the disk is left alone.
 * Answers how many were removed.
 */
export async function sweepPartialFiles(rootDir: string, minAgeMs = 3_600_000, now = Date.now()): Promise<number> {
  const entries = await fsp.readdir(rootDir, { recursive: true }).catch(() => [] as string[]);
  let removed = 0;
  for (const entry of entries) {
    if (!entry.endsWith('.partial')) continue;
    const file = path.join(rootDir, entry);
    const stat = await fsp.stat(file).catch(() => undefined);
    if (!stat?.isFile() || now - stat.mtimeMs < minAgeMs) continue;
    await fsp.rm(file, { force: true });
    removed++;
  }
  return removed;
}
