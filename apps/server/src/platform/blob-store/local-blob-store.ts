import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type BlobStore } from './blob-store.js';

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
};

/** Files under one directory; writes go to a temporary name, are flushed, then renamed into place. */
export function createLocalBlobStore(rootDir: string): BlobStore {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return path.join(rootDir, key);
  };
  return {
    async put(key, data) {
      const target = pathOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.partial`;
      const handle = await fsp.open(temporary, 'w');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fsp.rename(temporary, target);
    },
    async get(key, range) {
      const target = pathOf(key);
      const stat = await fsp.stat(target).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      return {
        stream: range ? fs.createReadStream(target, { start: range.start, end: range.end, highWaterMark: 1 << 18 }) : fs.createReadStream(target),
        size: stat.size,
        contentType: CONTENT_TYPES[path.extname(target).toLowerCase()] ?? 'application/octet-stream',
      };
    },
    async delete(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
  };
}
