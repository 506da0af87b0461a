import type { Readable } from 'node:stream';

/** Where media bytes live: the local disk by default, S3-compatible storage by configuration. */
export interface BlobStore {
  /** Writes the whole object or nothing: a crash never leaves a half-written file under `key`. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Moves a finished local file (on the store's disk) into place under `key`, all or nothing. */
  putFile(key: string, sourcePath: string, contentType: string): Promise<void>;
  /**
   * A stream of the object, or undefined when there is none. With `range`, only bytes `start`
   * to `end` (inclusive) are streamed; `size` is still the whole object's.
   */
  get(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ stream: Readable; size: number; contentType: string } | undefined>;
  /** A directory on the store's disk for uploads being received, so `putFile` can rename. */
  readonly stagingDir: string;
  delete(key: string): Promise<void>;
  /**
   * The objects whose keys start with `prefix` (a folder, ending in `/`), with when each was
   * written; for sweeps that look for objects nothing points at.
   */
  list(prefix: string): AsyncIterable<StoredObject>;
  /**
   * The folders directly under `prefix` (a folder, ending in `/`): lets a sweep look at one album's
   * photo folders without reading every object's details.
   */
  listFolders(prefix: string): AsyncIterable<StoredFolder>;
  /** Deletes every object under `prefix` (a folder, ending in `/`). */
  deleteAll(prefix: string): Promise<void>;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

export interface StoredFolder {
  /** The folder's prefix, ending in `/`. */
  prefix: string;
  /**
   * On a disk, when an entry was last added to or removed from the folder (a folder holding only
   * a temporary file, or nothing, still has an age); object stores have no folders, so no time.
   */
  modifiedAt?: Date;
}

/** A folder prefix is a safe key followed by `/`. */
export function assertSafePrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new Error(`A blob prefix ends with /: ${prefix}`);
  assertSafeKey(prefix.slice(0, -1));
}

/** Keys are relative paths of safe segments, so no key can reach outside the store. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) || key.includes('..')) {
    throw new Error(`Unsafe blob key: ${key}`);
  }
}
