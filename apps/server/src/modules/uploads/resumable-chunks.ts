import fsp from 'node:fs/promises';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { AppError } from '../../platform/http/app-error.js';
import { hashingStream, type ByteFacts } from '../../platform/media/hashing-stream.js';
import { receiveToStaging, stagingPath, type StagedFile } from '../../platform/media/staged-file.js';

/** An upload's id, as its folders are named. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every chunk of an upload lives under this folder of the blob store. */
export const chunkFolder = (uploadId: string) => `resumable/${uploadId}/`;

/**
 * The key of the chunk a PATCH starting at `startOffset` stores. The claim is part of it so a
 * server whose lease ran out mid-PATCH can never overwrite the chunk of the one that took over;
 * the offset, padded, keeps a folder listing in upload order for whoever reads it by hand.
 */
export const chunkKey = (uploadId: string, startOffset: number, claim: string) =>
  `${chunkFolder(uploadId)}${String(startOffset).padStart(12, '0')}-${claim}`;

const startOf = (key: string) => Number(key.slice(key.lastIndexOf('/') + 1).split('-')[0]);

/**
 * This server's own copy of a chunk it stored, among the staging files (`<upload>.<chunk>.chunk`,
 * no folder to create or leave behind): a hard link to the received file, so it costs no bytes on
 * a local store and spares the finish a download of every chunk from S3. The store's object stays
 * the one every server can read.
 */
export const localCopyOf = (stagingDir: string, key: string) => {
  const [, uploadId, name] = key.split('/');
  return path.join(stagingDir, `${uploadId}.${name}${COPY_SUFFIX}`);
};
const COPY_SUFFIX = '.chunk';
/** The copies here of an upload's chunks, or of every upload's, with their upload's id. */
async function localCopies(stagingDir: string, uploadId?: string) {
  const names = await fsp.readdir(stagingDir).catch(() => [] as string[]);
  return names
    .filter((name) => name.endsWith(COPY_SUFFIX) && (!uploadId || name.startsWith(`${uploadId}.`)))
    .map((name) => ({ file: path.join(stagingDir, name), uploadId: name.split('.')[0]!, name }));
}

export interface ReceivedBody {
  /** A `.partial` file in the staging directory (swept at start if a crash leaves it). */
  path: string;
  size: number;
  /** The connection dropped before the body ended; `size` bytes arrived and are kept. */
  dropped: boolean;
  /** What the hashing stream saw: the file's own figures when its size is `size`. */
  facts: ByteFacts;
}

/**
 * Streams a PATCH body to a local file, never past `room` bytes (a 400, keeping nothing), hashing
 * it on the way when `sha256` (a body that may turn out to be the whole file). A connection that
 * drops keeps what arrived, as tus lets a server do, so the client resumes there.
 */
export async function receiveBody(
  body: Readable,
  stagingDir: string,
  room: number,
  sha256: boolean,
): Promise<ReceivedBody> {
  await fsp.mkdir(stagingDir, { recursive: true });
  const target = stagingPath(stagingDir);
  const tooMany = () => AppError.badRequest('More bytes than Upload-Length were sent');
  const tap = hashingStream({ sha256, limit: { bytes: room, tooMany } });
  let dropped = false;
  try {
    await pipeline(body, tap, fs.createWriteStream(target, { flags: 'wx' }));
  } catch (error) {
    if (error instanceof AppError) {
      await fsp.rm(target, { force: true });
      throw error;
    }
    dropped = true;
  }
  // What reached the disk, not what was read: a drop can cut the last write short.
  const size = (await fsp.stat(target).catch(() => undefined))?.size ?? 0;
  return { path: target, size, dropped, facts: tap.facts() };
}

/**
 * Stores a chunk (the received file) under `key`, keeping this server's copy: a local store
 * renames the file into place and S3 removes it once sent, so the link is made first.
 */
export async function storeChunk(blobStore: BlobStore, key: string, file: string): Promise<void> {
  const copy = localCopyOf(blobStore.stagingDir, key);
  // Where a link is refused (a file system without them) the finish reads the chunk from the store.
  const linked = await fsp.link(file, copy).then(
    () => true,
    () => false,
  );
  try {
    await blobStore.putFile(key, file, 'application/octet-stream');
  } catch (error) {
    if (linked) await fsp.rm(copy, { force: true });
    throw error;
  }
}

/** Removes one chunk, from the store and from this server's copies. */
export async function dropChunk(blobStore: BlobStore, key: string): Promise<void> {
  await fsp.rm(localCopyOf(blobStore.stagingDir, key), { force: true });
  await blobStore.delete(key);
}

/** Removes every chunk of an upload, from the store and from this server's copies. */
export async function dropChunks(blobStore: BlobStore, uploadId: string): Promise<void> {
  for (const { file } of await localCopies(blobStore.stagingDir, uploadId)) await fsp.rm(file, { force: true });
  await blobStore.deleteAll(chunkFolder(uploadId));
}

/**
 * The whole upload as one staged file. A body that brought every byte (no chunk before it) and
 * was hashed whole is that file already, so it is only renamed into place later; otherwise the
 * chunks (this server's copies where it has them) and the last piece, which starts at
 * `lastStart`, are joined into a new one, hashed and sniffed on the way, one chunk stream at a
 * time so memory stays flat for a 200 MB video.
 */
export async function stagedUpload(
  blobStore: BlobStore,
  keys: string[],
  last: ReceivedBody,
  lastStart: number,
): Promise<StagedFile> {
  const { facts } = last;
  if (keys.length === 0 && facts.sha256 !== undefined && facts.size === last.size) {
    return { path: last.path, size: facts.size, sha256: facts.sha256, crc32: facts.crc32, type: facts.type };
  }
  async function* bytes() {
    for (const [index, key] of keys.entries()) {
      const end = index + 1 < keys.length ? startOf(keys[index + 1]!) : lastStart;
      yield* (await chunkBytes(blobStore, key, end - startOf(key))) as AsyncIterable<Buffer>;
    }
    yield* fs.createReadStream(last.path) as AsyncIterable<Buffer>;
  }
  return receiveToStaging(Readable.from(bytes()), blobStore.stagingDir);
}

/** A chunk's bytes from this server's copy when it holds all `size` of them, else from the store. */
async function chunkBytes(blobStore: BlobStore, key: string, size: number): Promise<Readable> {
  const copy = localCopyOf(blobStore.stagingDir, key);
  if ((await fsp.stat(copy).catch(() => undefined))?.size === size) return fs.createReadStream(copy);
  const object = await blobStore.get(key);
  if (!object) throw new Error(`Resumable upload chunk ${key} is missing from the blob store`);
  return object.stream;
}

/** Copies are a convenience: past this age the store's object serves instead, and the disk is freed. */
const LOCAL_COPY_MAX_MS = 3_600_000;

/**
 * Removes this server's chunk copies that no upload lists any more (finished or cancelled on
 * another server, expired, or left by a crash) once older than `orphanAgeMs`, and any older than
 * an hour. `listed` answers the chunk keys each upload still holds. Answers how many went.
 */
export async function sweepLocalCopies(
  stagingDir: string,
  listed: (uploadIds: string[]) => Promise<Map<string, string[]>>,
  now: number,
  orphanAgeMs: number,
): Promise<number> {
  const copies = await localCopies(stagingDir);
  const keysOf = await listed([...new Set(copies.map((copy) => copy.uploadId).filter((id) => UUID.test(id)))]);
  let removed = 0;
  for (const { file, uploadId, name } of copies) {
    const stat = await fsp.stat(file).catch(() => undefined);
    if (!stat) continue;
    const age = now - stat.mtimeMs;
    const key = chunkFolder(uploadId) + name.slice(uploadId.length + 1, -COPY_SUFFIX.length);
    const isListed = keysOf.get(uploadId)?.includes(key) ?? false;
    if (age < LOCAL_COPY_MAX_MS && (isListed || age < orphanAgeMs)) continue;
    await fsp.rm(file, { force: true });
    removed++;
  }
  return removed;
}
