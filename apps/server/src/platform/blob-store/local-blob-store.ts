import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, assertSafePrefix, type BlobStore } from './blob-store.js';

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.heic': 'image/heic',
};

/** Files under one directory; writes go to a temporary name, are flushed, then renamed into place. */
export function createLocalBlobStore(rootDir: string): BlobStore {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return path.join(rootDir, key);
  };
  return {
    // Inside the root, so a rename into place never crosses file systems; `.partial` names are swept.
    stagingDir: path.join(rootDir, 'incoming'),
    async put(key, data) {
      const target = pathOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.partial`;
      const handle = await fsp.open(temporary, 'w');
      try {
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fsp.rename(temporary, target);
      } catch (error) {
        // A full disk must not also leave the half-written temporary file behind.
        await fsp.rm(temporary, { force: true });
        throw error;
      }
    },
    async putFile(key, sourcePath) {
      const target = pathOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const handle = await fsp.open(sourcePath, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fsp.rename(sourcePath, target);
    },
    async get(key, range) {
      const target = pathOf(key);
      const stat = await fsp.stat(target).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      return {
        stream: range
          ? fs.createReadStream(target, { start: range.start, end: range.end, highWaterMark: 1 << 18 })
          : fs.createReadStream(target),
        size: stat.size,
        contentType: CONTENT_TYPES[path.extname(target).toLowerCase()] ?? 'application/octet-stream',
      };
    },
    async delete(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
    async *list(prefix) {
      assertSafePrefix(prefix);
      const dir = path.join(rootDir, prefix);
      for (const entry of await fsp.readdir(dir, { recursive: true }).catch(() => [] as string[])) {
        // A write in flight is not an object yet.
        if (entry.endsWith('.partial')) continue;
        const stat = await fsp.stat(path.join(dir, entry)).catch(() => undefined);
        if (stat?.isFile()) yield { key: prefix + entry.split(path.sep).join('/'), modifiedAt: stat.mtime };
      }
    },
    async *listFolders(prefix) {
      assertSafePrefix(prefix);
      const dir = path.join(rootDir, prefix);
      for (const entry of await fsp.readdir(dir, { withFileTypes: true }).catch(() => [])) {
        if (!entry.isDirectory()) continue;
        const stat = await fsp.stat(path.join(dir, entry.name)).catch(() => undefined);
        if (stat) yield { prefix: `${prefix}${entry.name}/`, modifiedAt: stat.mtime };
      }
    },
    async deleteAll(prefix) {
      assertSafePrefix(prefix);
      // The folder goes too, so finished uploads leave no empty directories behind.
      await fsp.rm(path.join(rootDir, prefix), { recursive: true, force: true });
      // And the folders above it that it leaves empty (an album's last refused upload), up to the
      // top level. rmdir refuses a folder holding anything, so a write that just made a folder
      // beside this one keeps their parent.
      for (
        let parent = path.posix.dirname(prefix.slice(0, -1));
        parent.includes('/');
        parent = path.posix.dirname(parent)
      ) {
        if (
          !(await fsp.rmdir(path.join(rootDir, parent)).then(
            () => true,
            () => false,
          ))
        )
          break;
      }
    },
  };
}
