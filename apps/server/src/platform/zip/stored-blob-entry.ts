import type { BlobStore } from '../blob-store/blob-store.js';
import { hashAll } from '../media/hashing-stream.js';
import type { ZipEntry } from './stored-zip.js';

/** Size and CRC-32 of a stored file, read once in full: for rows saved before they were kept. */
export async function storedBlobChecksum(blobStore: BlobStore, key: string): Promise<{ size: number; crc32: number }> {
  const blob = await blobStore.get(key);
  if (!blob) throw new Error(`Missing file ${key}`);
  const { size, crc32 } = await hashAll(blob.stream);
  return { size, crc32 };
}

/** An archive entry whose bytes are a stored file, each range read from the store when it is sent. */
export function storedBlobEntry(blobStore: BlobStore, key: string, entry: Omit<ZipEntry, 'open'>): ZipEntry {
  return {
    ...entry,
    async open(start, end) {
      const blob = await blobStore.get(key, { start, end });
      if (!blob) throw new Error(`Missing file ${key}`);
      return blob.stream;
    },
  };
}
