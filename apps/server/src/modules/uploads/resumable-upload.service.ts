import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ErrorCode, guestStatusOf, ZUploadTexts } from '@momentos/contract';
import { AppError } from '../../platform/http/app-error.js';
import { parseInput } from '../../platform/http/validation.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import type { GuestPass } from '../access/index.js';
import { sectionNotFound } from '../sections/index.js';
import type { PhotoUploadService } from './photo-upload.service.js';
import type { UploadsRepository } from './uploads.repository.js';
import { checkResumableCreation, checkRoomAtCreation } from './upload-policy.js';
import {
  chunkFolder,
  chunkKey,
  dropChunk,
  dropChunks,
  receiveBody,
  stagedUpload,
  storeChunk,
  sweepLocalCopies,
  UUID,
  type ReceivedBody,
} from './resumable-chunks.js';
import type { ResumableUploadRow, ResumableUploadsRepository } from './resumable-uploads.repository.js';

const notFound = () =>
  new AppError(
    ErrorCode.UPLOAD_NOT_FOUND,
    404,
    'No such upload: it finished, was cancelled or expired. Start the upload again.',
  );
const notYours = () => new AppError(ErrorCode.ALBUM_ACCESS_DENIED, 403, 'This upload belongs to another guest');
const busy = () =>
  new AppError(
    ErrorCode.UPLOAD_OFFSET_MISMATCH,
    409,
    'This upload is already receiving data; ask for its offset (HEAD) and resume from there',
  );

export interface ResumableDeps {
  uploads: ResumableUploadsRepository;
  upload: PhotoUploadService;
  photos: Pick<UploadsRepository, 'admissionHint' | 'findInAlbum'>;
  /** The shared store (S3, or the local media directory) that keeps the chunks received so far. */
  blobStore: BlobStore;
  ttlMs: number;
  /** How long a PATCH holds an upload without renewing; a server that dies frees it at once (its holder is gone), or after this. */
  leaseMs?: number;
}

const LEASE_MS = 30_000;
/** How long HEAD waits for a PATCH in flight (on any server) to settle the offset it reports. */
const SETTLE_MS = 3_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The core of tus 1.0 (creation, offset, append, termination, expiration) for guest uploads
 * of large files. Nothing lives in one server's memory or disk between requests: the offset and
 * the list of chunks are the database row, each PATCH's bytes a chunk object in the shared blob
 * store, and a PATCH holds the upload through a lease in the row. So behind a load balancer any
 * server may take any request. A dropped connection keeps what arrived. The guest who created an
 * upload is the only one who may see or extend it. Creation refuses early, from one read, what
 * cannot fit (the plan's room, the section); the insert's transaction decides when the last byte
 * arrives. A body that brought the whole file is the staged file; otherwise the chunks (this
 * server's copies where it has them) are joined into one. It then goes through the same pipeline
 * as a single-request upload.
 */
export function createResumableUploadService({
  uploads,
  upload,
  photos,
  blobStore,
  ttlMs,
  leaseMs = LEASE_MS,
}: ResumableDeps) {
  const owned = async ({ album, guest }: GuestPass, id: string): Promise<ResumableUploadRow> => {
    const albumId = album.album.id;
    const row = await uploads.find(id);
    if (!row || row.albumId !== albumId || row.expiresAt <= new Date()) throw notFound();
    if (row.guestId !== guest.id) throw notYours();
    return row;
  };

  const remove = async (id: string) => {
    await uploads.delete(id);
    await dropChunks(blobStore, id);
  };

  /** Stages the whole file (the chunks and the last piece), runs the upload pipeline and records the photo. */
  const finish = async (row: ResumableUploadRow, claim: string, pass: GuestPass, last: ReceivedBody) => {
    const staged = await stagedUpload(blobStore, row.chunkKeys, last, row.offset);
    try {
      const result = await upload.ingest(pass.album, pass.guest, {
        staged,
        filename: row.fileName,
        uploaderName: row.uploaderName ?? undefined,
        sectionId: row.sectionId ?? undefined,
        missingSection: 'main',
      });
      await uploads.markFinished(row.id, claim, result.id, row.uploadLength);
      // A failure here leaves chunks no row lists; the sweep removes those.
      await dropChunks(blobStore, row.id).catch(() => undefined);
      return { offset: row.uploadLength, photo: { id: result.id, status: result.status } };
    } catch (error) {
      // Refused at the finish (limit reached meanwhile, unreadable file): nothing is kept.
      await remove(row.id);
      throw error;
    } finally {
      await fsp.rm(staged.path, { force: true });
    }
  };

  return {
    async create({ album, guest }: GuestPass, length: number, metadata: Record<string, string>, now = new Date()) {
      const albumId = album.album.id;
      const { filename = '', uploaderName: name, filetype, sectionId } = metadata;
      const texts = parseInput(ZUploadTexts, {
        filename,
        uploaderName: name,
        filetype,
        sectionId: sectionId || undefined,
      });
      const snapshot = album.album.packageSnapshot;
      const uploaderName = checkResumableCreation(snapshot, { length, uploaderName: texts.uploaderName }, now);
      // A hint, before any byte is sent: the insert decides when the last one arrives.
      const hint = await photos.admissionHint(albumId, texts.sectionId);
      checkRoomAtCreation(snapshot, { length, declaredType: texts.filetype ?? '' }, hint);
      if (!hint.sectionFound) throw sectionNotFound();
      return uploads.create({
        albumId,
        guestId: guest.id,
        uploadLength: length,
        fileName: texts.filename.slice(0, 255),
        uploaderName: uploaderName ?? null,
        sectionId: texts.sectionId ?? null,
        expiresAt: new Date(now.getTime() + ttlMs),
      });
    },

    /** The offset, after waiting briefly for a PATCH in flight (here or on another server) to settle it. */
    async status(pass: GuestPass, id: string) {
      let row = await owned(pass, id);
      const deadline = Date.now() + SETTLE_MS;
      while (row.receivingClaim !== null && (await uploads.isReceiving(id)) && Date.now() < deadline) {
        await pause(50);
        row = (await uploads.find(id)) ?? row;
      }
      return { row, offset: row.photoId ? row.uploadLength : row.offset };
    },

    /**
     * Appends the body at `offset` (which must be the row's offset). The bytes become one chunk
     * object, and the offset advances only once it is stored. On the last byte the whole file goes
     * through the upload pipeline; the answer then carries the photo.
     */
    async append(pass: GuestPass, id: string, offset: number, body: Readable) {
      const row = await owned(pass, id);
      if (row.photoId) throw AppError.conflict('This upload is already complete', ErrorCode.UPLOAD_OFFSET_MISMATCH);
      const claim = randomUUID();
      const held = await uploads.claim(id, claim, leaseMs);
      if (!held) throw busy();
      // Renewed while the bytes keep coming, so a slow phone on a big chunk keeps the upload.
      const heartbeat = setInterval(() => void uploads.renew(id, claim, leaseMs).catch(() => undefined), leaseMs / 3);
      heartbeat.unref();
      let received: ReceivedBody | undefined;
      try {
        const current = held.offset;
        if (offset !== current)
          throw AppError.conflict(
            `Upload-Offset ${offset} does not match the ${current} bytes received; resume from ${current}`,
            ErrorCode.UPLOAD_OFFSET_MISMATCH,
          );
        // Hashed as it arrives when it may be the whole file, which then needs no second read.
        received = await receiveBody(body, blobStore.stagingDir, held.uploadLength - current, current === 0);
        const end = current + received.size;
        if (end === held.uploadLength) return await finish(held, claim, pass, received);
        if (received.size > 0) {
          const key = chunkKey(id, current, claim);
          await storeChunk(blobStore, key, received.path);
          // The lease ran out and another server moved on: this chunk is not part of the upload.
          if (!(await uploads.commitChunk(id, claim, current, received.size, key))) {
            await dropChunk(blobStore, key);
            throw busy();
          }
        }
        return received.dropped ? { offset: end, dropped: true as const } : { offset: end };
      } finally {
        clearInterval(heartbeat);
        if (received) await fsp.rm(received.path, { force: true });
        await uploads.release(id, claim);
      }
    },

    async result(pass: GuestPass, id: string) {
      const row = await owned(pass, id);
      if (!row.photoId) throw AppError.conflict('This upload is not complete yet', ErrorCode.UPLOAD_OFFSET_MISMATCH);
      const photo = await photos.findInAlbum(row.albumId, row.photoId);
      if (!photo) throw notFound();
      return { id: photo.id, status: guestStatusOf(photo.status) };
    },

    async terminate(pass: GuestPass, id: string) {
      await owned(pass, id);
      if (!(await uploads.deleteIfIdle(id))) throw busy();
      await dropChunks(blobStore, id);
    },

    /**
     * Removes expired uploads with their chunks, and chunks older than `orphanAgeMs` that no row
     * lists (a server that died between storing a chunk and recording it, a deleted album).
     * Answers how many uploads and stray chunks went.
     */
    async sweep(now = new Date(), orphanAgeMs = 10 * 60_000): Promise<number> {
      const expired = await uploads.deleteExpired(now);
      for (const id of expired) await dropChunks(blobStore, id);
      let removed = expired.length;
      const stale: { key: string; uploadId: string }[] = [];
      for await (const object of blobStore.list('resumable/')) {
        const uploadId = object.key.split('/')[1]!;
        if (UUID.test(uploadId) && now.getTime() - object.modifiedAt.getTime() >= orphanAgeMs)
          stale.push({ key: object.key, uploadId });
      }
      const listed = await uploads.chunkKeysOf([...new Set(stale.map((chunk) => chunk.uploadId))]);
      for (const chunk of stale) {
        const keys = listed.get(chunk.uploadId);
        if (keys?.includes(chunk.key)) continue;
        // With no row, the upload's whole folder goes (on a local disk, the directory too).
        await (keys ? blobStore.delete(chunk.key) : blobStore.deleteAll(chunkFolder(chunk.uploadId)));
        removed++;
      }
      removed += await sweepLocalCopies(blobStore.stagingDir, uploads.chunkKeysOf, now.getTime(), orphanAgeMs);
      return (
        removed + (await sweepLegacyFiles(path.join(blobStore.stagingDir, 'resumable'), now.getTime() - orphanAgeMs))
      );
    },
  };
}

/** Files of the one-server layout (bytes under the staging directory), left by an older version. */
async function sweepLegacyFiles(dir: string, olderThanMs: number): Promise<number> {
  let removed = 0;
  for (const name of await fsp.readdir(dir).catch(() => [] as string[])) {
    const stat = await fsp.stat(path.join(dir, name)).catch(() => undefined);
    if (!stat || stat.mtimeMs > olderThanMs) continue;
    await fsp.rm(path.join(dir, name), { force: true });
    removed++;
  }
  return removed;
}

export type ResumableUploadService = ReturnType<typeof createResumableUploadService>;
