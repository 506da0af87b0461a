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
 * file without its location and device metadata (strip-metadata.ts), kept beside the original. A
 * video's playback job makes it from the original it has at hand; otherwise (a voice note, a video
 * asked for before its job ran, files stored before copies existed) the first request of someone
 * other than the host does. The host's own downloads stay the original.
 */
export function createGuestCopies(blobStore: BlobStore) {
  const making = new Map<string, Promise<string | undefined>>();

  /** Cleans a local copy of the original (`file`) into its guest copy in the store; undefined when it cannot. */
  async function storeFrom(file: string, originalKey: string, mime: string): Promise<string | undefined> {
    const container = strippableContainer(mime);
    if (!container) return undefined;
    // `.partial`, so the start-up sweep removes what a crash leaves (sweep-partials.ts).
    await fsp.mkdir(blobStore.stagingDir, { recursive: true });
    const output = path.join(blobStore.stagingDir, `guest-copy-${randomUUID()}.partial`);
    try {
      if (!(await writeWithoutMetadata(file, output, container))) return undefined;
      const key = guestCopyKey(originalKey);
      await blobStore.putFile(key, output, mime);
      return key;
    } finally {
      await fsp.rm(output, { force: true });
    }
  }

  async function make(originalKey: string, mime: string, key: string): Promise<string | undefined> {
    const stored = await blobStore.get(key);
    if (stored) {
      stored.stream.destroy();
      return key;
    }
    const original = strippableContainer(mime) && (await blobStore.get(originalKey));
    if (!original) return undefined;
    await fsp.mkdir(blobStore.stagingDir, { recursive: true });
    const input = path.join(blobStore.stagingDir, `guest-copy-${randomUUID()}.source.partial`);
    try {
      await pipeline(original.stream, fs.createWriteStream(input));
      return await storeFrom(input, originalKey, mime);
    } finally {
      await fsp.rm(input, { force: true });
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

    /** Makes the guest copy from a local copy of the original already at hand (the playback job's). */
    storeFrom,
  };
}

export type GuestCopies = ReturnType<typeof createGuestCopies>;
