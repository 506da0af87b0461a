import fsp from 'node:fs/promises';
import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { AppError } from '../../platform/http/app-error.js';
import { receiveToStaging, stagingPath, type StagedFile } from '../../platform/media/staged-file.js';

/** Every chunk of an upload lives under this folder of the blob store. */
export const chunkFolder = (uploadId: string) => `resumable/${uploadId}/`;

/**
 * The key of the chunk a PATCH starting at `startOffset` stores. The claim is part of it so a
 * server whose lease ran out mid-PATCH can never overwrite the chunk of the one that took over;
 * the offset, padded, keeps a folder listing in upload order for whoever reads it by hand.
 */
export const chunkKey = (uploadId: string, startOffset: number, claim: string) =>
  `${chunkFolder(uploadId)}${String(startOffset).padStart(12, '0')}-${claim}`;

export interface ReceivedBody {
  /** A `.partial` file in the staging directory (swept at start if a crash leaves it). */
  path: string;
  size: number;
  /** The connection dropped before the body ended; `size` bytes arrived and are kept. */
  dropped: boolean;
}

/**
 * Streams a PATCH body to a local file, never past `room` bytes (a 400, keeping nothing). A
 * connection that drops keeps what arrived, as tus lets a server do, so the client resumes there.
 */
export async function receiveBody(body: Readable, stagingDir: string, room: number): Promise<ReceivedBody> {
  await fsp.mkdir(stagingDir, { recursive: true });
  const target = stagingPath(stagingDir);
  let left = room;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      left -= chunk.length;
      if (left < 0) done(AppError.badRequest('More bytes than Upload-Length were sent'));
      else done(null, chunk);
    },
  });
  let dropped = false;
  try {
    await pipeline(body, limit, fs.createWriteStream(target, { flags: 'wx' }));
  } catch (error) {
    if (error instanceof AppError) {
      await fsp.rm(target, { force: true });
      throw error;
    }
    dropped = true;
  }
  // What reached the disk, not what was read: a drop can cut the last write short.
  const size = (await fsp.stat(target).catch(() => undefined))?.size ?? 0;
  return { path: target, size, dropped };
}

/**
 * Joins the stored chunks and the last piece (still a local file) into one staged file, hashed
 * and sniffed on the way, one chunk stream at a time so memory stays flat for a 200 MB video.
 */
export async function assembleChunks(blobStore: BlobStore, keys: string[], lastPiece: string): Promise<StagedFile> {
  async function* bytes() {
    for (const key of keys) {
      const object = await blobStore.get(key);
      if (!object) throw new Error(`Resumable upload chunk ${key} is missing from the blob store`);
      yield* object.stream as AsyncIterable<Buffer>;
    }
    yield* fs.createReadStream(lastPiece) as AsyncIterable<Buffer>;
  }
  return receiveToStaging(Readable.from(bytes()), blobStore.stagingDir);
}
