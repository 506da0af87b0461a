import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../blob-store/blob-store.js';
import { strippableContainer, writeWithoutMetadata } from './strip-metadata.js';

/** Where an original's guest copy is stored: beside it, so deleting its folder deletes both. */
export function guestCopyKey(originalKey: string): string {
  const slash = originalKey.lastIndexOf('/');
  return `${originalKey.slice(0, slash + 1)}guest-${originalKey.slice(slash + 1)}`;
}

/**
 * The copies of originals (videos, voice notes) that guests and code holders are served: the same
 * file without its location and device metadata (strip-metadata.ts). A copy is made the first
 * time someone other than the host asks for it and kept beside the original; the host's own
 * downloads stay the original. Files stored before copies existed get theirs the same way.
 */
export function createGuestCopies(blobStore: BlobStore) {
  const making = new Map<string, Promise<string | undefined>>();

  async function make(originalKey: string, mime: string, key: string): Promise<string | undefined> {
    const stored = await blobStore.get(key);
    if (stored) {
      stored.stream.destroy();
      return key;
    }
    const container = strippableContainer(mime);
    const original = container && (await blobStore.get(originalKey));
    if (!container || !original) return undefined;
    // `.partial`, so the start-up sweep removes what a crash leaves (sweep-partials.ts).
    await fsp.mkdir(blobStore.stagingDir, { recursive: true });
    const work = path.join(blobStore.stagingDir, `guest-copy-${randomUUID()}`);
    const [input, output] = [`${work}.source.partial`, `${work}.partial`];
    try {
      await pipeline(original.stream, fs.createWriteStream(input));
      if (!(await writeWithoutMetadata(input, output, container))) return undefined;
      await blobStore.putFile(key, output, mime);
      return key;
    } finally {
      await Promise.all([fsp.rm(input, { force: true }), fsp.rm(output, { force: true })]);
    }
  }

  return {
    /**
     * The key of the guest copy of `originalKey` (of type `mime`), made now if it is not stored yet;
     * undefined when the original is gone or cannot be cleaned: then guests get nothing rather than it.
     */
    keyFor(originalKey: string, mime: string): Promise<string | undefined> {
      const key = guestCopyKey(originalKey);
      let pending = making.get(key);
      if (!pending) {
        // Requests that arrive while the copy is made (a player's range requests) wait for the same one.
        pending = make(originalKey, mime, key).finally(() => making.delete(key));
        making.set(key, pending);
      }
      return pending;
    },
  };
}

export type GuestCopies = ReturnType<typeof createGuestCopies>;
