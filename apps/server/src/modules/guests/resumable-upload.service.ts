import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { ErrorCode, GUEST_NAME_MAX, GUEST_PHOTO_MAX_BYTES, GUEST_VIDEO_MAX_BYTES } from '@momentos/contract';
import { AppError } from '../../platform/http/app-error.js';
import { inspectFile } from '../../platform/media/staged-file.js';
import { uploadsOpen, type GuestAccess } from './guest-access.js';
import type { PhotoUploadService } from './photo-upload.service.js';
import type { PhotosRepository } from './photos.repository.js';
import type { ResumableUploadRow, ResumableUploadsRepository } from './resumable-uploads.repository.js';

const notFound = () => new AppError(ErrorCode.UPLOAD_NOT_FOUND, 404, 'No such upload: it finished, was cancelled or expired. Start the upload again.');
const notYours = () => new AppError(ErrorCode.ALBUM_ACCESS_DENIED, 403, 'This upload belongs to another guest');
const busy = () => new AppError(ErrorCode.UPLOAD_OFFSET_MISMATCH, 409, 'This upload is already receiving data; ask for its offset (HEAD) and resume from there');

export interface ResumableDeps {
  access: GuestAccess;
  uploads: ResumableUploadsRepository;
  upload: PhotoUploadService;
  photos: PhotosRepository;
  /** Directory (on the store's disk) for the bytes received so far, one file per upload. */
  dir: string;
  ttlMs: number;
}

/** Decodes tus `Upload-Metadata`: comma-separated `key base64value` pairs. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) result[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return result;
}

/**
 * The core of tus 1.0 (creation, offset, append, termination, expiration) for guest uploads
 * of large files. The bytes so far are a file on disk, whose size is the offset, so a dropped
 * connection keeps what arrived. The guest who created an upload is the only one who may see or
 * extend it. Limits are checked at creation, to refuse early, and again in the insert's
 * transaction when the last byte arrives, where the file goes through the same pipeline as a
 * single-request upload.
 */
export function createResumableUploadService({ access, uploads, upload, photos, dir, ttlMs }: ResumableDeps) {
  /** One PATCH at a time per upload; HEAD waits for one in flight so its offset is settled. */
  const inFlight = new Map<string, Promise<unknown>>();
  const fileOf = (id: string) => path.join(dir, id);
  const sizeOf = async (id: string) => (await fsp.stat(fileOf(id)).catch(() => undefined))?.size ?? 0;

  const owned = async (albumId: string, id: string, guestToken: string | undefined): Promise<ResumableUploadRow> => {
    const { guest } = await access.writer(albumId, guestToken);
    const row = await uploads.find(id);
    if (!row || row.albumId !== albumId || row.expiresAt <= new Date()) throw notFound();
    if (row.guestId !== guest.id) throw notYours();
    return row;
  };

  const remove = async (id: string) => {
    await uploads.delete(id);
    await fsp.rm(fileOf(id), { force: true });
  };

  return {
    async create(albumId: string, guestToken: string | undefined, length: number, metadata: Record<string, string>, now = new Date()) {
      const { album, guest } = await access.writer(albumId, guestToken);
      if (length > GUEST_VIDEO_MAX_BYTES) throw new AppError(ErrorCode.FILE_TOO_LARGE, 413, 'The file exceeds the 200 MB limit for videos');
      if (length === 0) throw AppError.badRequest('The file is empty');
      const uploaderName = metadata.uploaderName?.trim() || undefined;
      if (uploaderName && uploaderName.length > GUEST_NAME_MAX) throw AppError.badRequest(`uploaderName: at most ${GUEST_NAME_MAX} characters`);
      const snapshot = album.album.packageSnapshot;
      if (!uploadsOpen(snapshot, now)) throw new AppError(ErrorCode.UPLOADS_CLOSED, 403, 'The upload period of this album has ended; guests can still view it');
      // Early refusal: what the file can be (only a video may pass 25 MB; the declared type is a hint).
      const counts = await uploads.countMedia(albumId);
      const videoRoom = snapshot.videoLimit === null || counts.videos < snapshot.videoLimit;
      const photoRoom = counts.photos < snapshot.photoLimit;
      const declared = metadata.filetype ?? '';
      const mustBeVideo = length > GUEST_PHOTO_MAX_BYTES || declared.startsWith('video/');
      if (mustBeVideo && !videoRoom) {
        throw new AppError(ErrorCode.VIDEO_LIMIT_REACHED, 403, snapshot.videoLimit === 0 ? "This album's plan does not include videos" : 'This album has reached its video limit');
      }
      if (!videoRoom && !photoRoom) throw new AppError(ErrorCode.PHOTO_LIMIT_REACHED, 403, 'This album has reached its photo limit');
      if (declared.startsWith('image/') && !photoRoom) throw new AppError(ErrorCode.PHOTO_LIMIT_REACHED, 403, 'This album has reached its photo limit');
      await fsp.mkdir(dir, { recursive: true });
      const row = await uploads.create({
        albumId, guestId: guest.id, uploadLength: length, fileName: (metadata.filename ?? '').slice(0, 255), uploaderName: uploaderName ?? null,
        expiresAt: new Date(now.getTime() + ttlMs),
      });
      await fsp.writeFile(fileOf(row.id), '', { flag: 'wx' });
      return row;
    },

    async status(albumId: string, id: string, guestToken: string | undefined) {
      const row = await owned(albumId, id, guestToken);
      await inFlight.get(id)?.catch(() => undefined);
      return { row, offset: row.photoId ? row.uploadLength : await sizeOf(id) };
    },

    /**
     * Appends the body at `offset` (which must be the current size). On the last byte the file
     * goes through the upload pipeline; the answer then carries the photo.
     */
    async append(albumId: string, id: string, guestToken: string | undefined, offset: number, body: Readable) {
      const row = await owned(albumId, id, guestToken);
      if (row.photoId) throw AppError.conflict('This upload is already complete', ErrorCode.UPLOAD_OFFSET_MISMATCH);
      if (inFlight.has(id)) throw busy();
      const work = (async () => {
        const current = await sizeOf(id);
        if (offset !== current) throw AppError.conflict(`Upload-Offset ${offset} does not match the ${current} bytes received; resume from ${current}`, ErrorCode.UPLOAD_OFFSET_MISMATCH);
        let room = row.uploadLength - current;
        const limit = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            room -= chunk.length;
            if (room < 0) done(AppError.badRequest('More bytes than Upload-Length were sent'));
            else done(null, chunk);
          },
        });
        try {
          await pipeline(body, limit, fs.createWriteStream(fileOf(id), { flags: 'a' }));
        } catch (error) {
          // A dropped connection keeps the bytes that arrived; the client resumes from HEAD's offset.
          if (error instanceof AppError) {
            await fsp.truncate(fileOf(id), current);
            throw error;
          }
          return { offset: await sizeOf(id), dropped: true as const };
        }
        const size = await sizeOf(id);
        if (size < row.uploadLength) return { offset: size };
        const inspected = await inspectFile(fileOf(id));
        try {
          const result = await upload.upload(albumId, guestToken, async () => ({
            staged: { path: fileOf(id), ...inspected },
            filename: row.fileName,
            uploaderName: row.uploaderName ?? undefined,
          }));
          await uploads.markFinished(id, result.id);
          return { offset: size, photo: { id: result.id, status: result.status } };
        } catch (error) {
          // Refused at the finish (limit reached meanwhile, unreadable file): nothing is kept.
          await remove(id);
          throw error;
        }
      })();
      inFlight.set(id, work);
      try {
        return await work;
      } finally {
        inFlight.delete(id);
      }
    },

    async result(albumId: string, id: string, guestToken: string | undefined) {
      const row = await owned(albumId, id, guestToken);
      if (!row.photoId) throw AppError.conflict('This upload is not complete yet', ErrorCode.UPLOAD_OFFSET_MISMATCH);
      const photo = await photos.findInAlbum(albumId, row.photoId);
      if (!photo) throw notFound();
      return { id: photo.id, status: photo.status === 'approved' ? ('approved' as const) : ('pending' as const) };
    },

    async terminate(albumId: string, id: string, guestToken: string | undefined) {
      await owned(albumId, id, guestToken);
      if (inFlight.has(id)) throw busy();
      await remove(id);
    },

    /** Removes expired uploads (rows and files) and files with no row older than `orphanAgeMs`. */
    async sweep(now = new Date(), orphanAgeMs = 10 * 60_000): Promise<number> {
      const expired = await uploads.deleteExpired(now);
      await Promise.all(expired.map((id) => fsp.rm(fileOf(id), { force: true })));
      let removed = expired.length;
      for (const name of await fsp.readdir(dir).catch(() => [] as string[])) {
        if (inFlight.has(name)) continue;
        const stat = await fsp.stat(fileOf(name)).catch(() => undefined);
        if (!stat || now.getTime() - stat.mtimeMs < orphanAgeMs) continue;
        if (/^[0-9a-f-]{36}$/.test(name) && (await uploads.exists(name))) continue;
        await fsp.rm(fileOf(name), { force: true });
        removed++;
      }
      return removed;
    },
  };
}

export type ResumableUploadService = ReturnType<typeof createResumableUploadService>;
