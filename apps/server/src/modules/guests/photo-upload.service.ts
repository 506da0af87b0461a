import { createHash, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { ErrorCode, GUEST_NAME_MAX } from '@momentos/contract';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { AppError } from '../../platform/http/app-error.js';
import { sniffPhotoType, type SniffedPhotoType } from '../../platform/images/image-type.js';
import { makePhotoRenditions, UnreadableImageError } from '../../platform/images/photo-renditions.js';
import { uploadsOpen, type GuestAccess } from './guest-access.js';
import type { PhotosRepository } from './photos.repository.js';

const MIME: Record<SniffedPhotoType, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };
const EXT: Record<SniffedPhotoType, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' };

const closed = () => new AppError(ErrorCode.UPLOADS_CLOSED, 403, 'The upload period of this album has ended; guests can still view it');
const limitReached = () => new AppError(ErrorCode.PHOTO_LIMIT_REACHED, 403, 'This album has reached its photo limit');

export interface UploadDeps {
  access: GuestAccess;
  photos: PhotosRepository;
  blobStore: BlobStore;
  /** Runs image processing within the server's concurrency bound. */
  runInSlot: <T>(task: () => Promise<T>) => Promise<T>;
}

export interface UploadedFile {
  bytes: Buffer;
  filename: string;
  uploaderName: string | undefined;
}

/**
 * A guest's photo: judged by its bytes, stored once per album, original kept unaltered,
 * renditions made, and the row inserted last inside the limit-checking transaction. Files are
 * written before the row and removed again if the row is not inserted, so no row ever points
 * at a missing file and a refused upload leaves nothing behind.
 */
export function createPhotoUploadService({ access, photos, blobStore, runInSlot }: UploadDeps) {
  return {
    /** `readFile` runs only after the token is checked, so strangers' bodies are never buffered. */
    async upload(albumId: string, guestToken: string | undefined, readFile: () => Promise<UploadedFile>) {
      const { album, guest } = await access.writer(albumId, guestToken);
      const file = await readFile();
      const uploaderName = (file.uploaderName ?? '').trim() || guest.name;
      if (uploaderName.length > GUEST_NAME_MAX) throw AppError.badRequest(`uploaderName: at most ${GUEST_NAME_MAX} characters`);
      if (file.bytes.length === 0) throw AppError.badRequest('The file is empty');
      const type = sniffPhotoType(file.bytes);
      if (!type) throw new AppError(ErrorCode.FILE_TYPE_NOT_ALLOWED, 415, 'Unsupported format: upload JPEG, PNG, WebP or GIF photos');
      if (!uploadsOpen(album.album.packageSnapshot)) throw closed();

      const contentHash = createHash('sha256').update(file.bytes).digest('hex');
      const known = await photos.findByHash(albumId, contentHash);
      if (known) return { id: known.id, status: known.status, duplicate: true };

      const renditions = await runInSlot(() => makePhotoRenditions(file.bytes, album.album.packageSnapshot.hasWatermark)).catch((error: unknown) => {
        if (error instanceof UnreadableImageError) {
          throw new AppError(ErrorCode.FILE_TYPE_NOT_ALLOWED, 415, 'The image could not be read (damaged, or too many pixels). Please try another file.');
        }
        throw error;
      });
      const id = randomUUID();
      const prefix = `albums/${albumId}/${id}`;
      const keys = { originalKey: `${prefix}/original.${EXT[type]}`, thumbKey: `${prefix}/thumb.webp`, displayKey: `${prefix}/display.webp` };
      const written: string[] = [];
      const removeWritten = () => Promise.all(written.map((key) => blobStore.delete(key).catch(() => undefined)));
      try {
        for (const [key, data, mime] of [
          [keys.originalKey, file.bytes, MIME[type]],
          [keys.thumbKey, renditions.thumb, 'image/webp'],
          [keys.displayKey, renditions.display, 'image/webp'],
        ] as const) {
          written.push(key);
          await blobStore.put(key, data, mime);
        }
        const result = await photos.insertWithinLimits(
          {
            id, albumId, guestId: guest.id, uploadedByName: uploaderName, originalName: file.filename.slice(0, 255) || 'photo',
            contentHash, mimeType: MIME[type], sizeBytes: file.bytes.length, width: renditions.width, height: renditions.height,
            takenAt: renditions.takenAt ?? null, originalCrc32: crc32(file.bytes), displayCrc32: crc32(renditions.display), status: album.enableVerification ? 'pending' : 'approved', ...keys,
          },
          new Date(),
        );
        if (result.kind !== 'inserted') await removeWritten();
        if (result.kind === 'closed') throw closed();
        if (result.kind === 'limit') throw limitReached();
        return { id: result.photo.id, status: result.photo.status, duplicate: result.kind === 'duplicate' };
      } catch (error) {
        await removeWritten();
        throw error;
      }
    },
  };
}

export type PhotoUploadService = ReturnType<typeof createPhotoUploadService>;
