import type { Readable } from 'node:stream';

/** Where media bytes live: the local disk by default, S3-compatible storage by configuration. */
export interface BlobStore {
  /** Writes the whole object or nothing: a crash never leaves a half-written file under `key`. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /**
   * A stream of the object, or undefined when there is none. With `range`, only bytes `start`
   * to `end` (inclusive) are streamed; `size` is still the whole object's.
   */
  get(key: string, range?: { start: number; end: number }): Promise<{ stream: Readable; size: number; contentType: string } | undefined>;
  delete(key: string): Promise<void>;
}

/** Keys are relative paths of safe segments, so no key can reach outside the store. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) || key.includes('..')) {
    throw new Error(`Unsafe blob key: ${key}`);
  }
}
