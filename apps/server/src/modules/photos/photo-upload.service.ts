import fsp from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { ErrorCode, GUEST_NAME_MAX, GUEST_PHOTO_MAX_BYTES, GUEST_VIDEO_MAX_BYTES } from '@momentos/contract';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { AppError } from '../../platform/http/app-error.js';
import { decodeHeicImage, readHeicTakenAt } from '../../platform/images/heic.js';
import { makePhotoRenditions, UnreadableImageError } from '../../platform/images/photo-renditions.js';
import { MEDIA, type MediaType } from '../../platform/media/media-type.js';
import type { StagedFile } from '../../platform/media/staged-file.js';
import { makeVideoPoster } from '../../platform/media/video-poster.js';
import { ffprobeBeside, isPlayableVideo } from '../../platform/media/video-probe.js';
import { uploadsOpen, type GuestAccess } from '../access/guest-access.js';
import type { GuestAlbumRow } from '../guests/guests.repository.js';
import type { PhotosRepository } from './photos.repository.js';
import type { AlbumGuestRow } from '../../db/schema/index.js';

const closed = () => new AppError(ErrorCode.UPLOADS_CLOSED, 403, 'The upload period of this album has ended; guests can still view it');
const limitReached = () => new AppError(ErrorCode.PHOTO_LIMIT_REACHED, 403, 'This album has reached its photo limit');
const videoLimitReached = (limit: number) =>
  new AppError(ErrorCode.VIDEO_LIMIT_REACHED, 403, limit === 0 ? "This album's plan does not include videos" : 'This album has reached its video limit');
export const unsupportedType = () =>
  new AppError(ErrorCode.FILE_TYPE_NOT_ALLOWED, 415, 'Unsupported format: upload JPEG, PNG, WebP, GIF or HEIC photos, or MP4, MOV or WebM videos');
export const photoTooLarge = () => new AppError(ErrorCode.FILE_TOO_LARGE, 413, 'The photo exceeds the 25 MB limit for photos (videos may be up to 200 MB)');
/** A file that starts like a video but whose container does not hold one (a header with text behind it). */
const unreadableVideo = () =>
  new AppError(ErrorCode.FILE_TYPE_NOT_ALLOWED, 415, 'The video could not be read (damaged, cut short, or not a video). Please try another file.');
export const videoTooLarge = () => new AppError(ErrorCode.FILE_TOO_LARGE, 413, 'The file exceeds the 200 MB limit for videos');

/** The size limit of a file of this type. */
export const maxBytesOf = (type: MediaType) => (MEDIA[type].kind === 'video' ? GUEST_VIDEO_MAX_BYTES : GUEST_PHOTO_MAX_BYTES);
export const tooLargeFor = (type: MediaType) => (MEDIA[type].kind === 'video' ? videoTooLarge() : photoTooLarge());

export interface UploadDeps {
  access: GuestAccess;
  photos: PhotosRepository;
  blobStore: BlobStore;
  /** Runs image processing within the server's concurrency bound. */
  runInSlot: <T>(task: () => Promise<T>) => Promise<T>;
  /** A photo everyone may now see was stored (album-live publishes it to open streams). */
  onApproved?: (albumId: string, photoId: string) => void;
  /** The ffmpeg program for video posters (a name on PATH by default). */
  ffmpegPath?: string;
  /** The ffprobe program that checks a video holds one (by default the one beside ffmpeg). */
  ffprobePath?: string;
}

export interface UploadedFile {
  /** Received in full in the store's staging directory; moved into the store or removed. */
  staged: StagedFile;
  filename: string;
  uploaderName: string | undefined;
}

/**
 * A guest's photo or video: judged by its bytes, stored once per album, original kept unaltered,
 * renditions made (a video's are its poster), and the row inserted last inside the
 * limit-checking transaction. Files are written before the row and removed again if the row is
 * not inserted, so no row ever points at a missing file and a refused upload leaves nothing behind.
 */
/** A photo the host hid reads as pending to its uploader: it is not (or not yet) shown to others. */
const statusForGuest = (status: 'approved' | 'pending' | 'hidden') => (status === 'approved' ? 'approved' : 'pending');

export function createPhotoUploadService({ access, photos, blobStore, runInSlot, ffmpegPath, ffprobePath, onApproved }: UploadDeps) {
  const probe = { ffprobePath: ffprobePath ?? ffprobeBeside(ffmpegPath ?? 'ffmpeg') };
  const renditionsOf = (type: MediaType, file: string, watermark: boolean) =>
    runInSlot(async () => {
      if (MEDIA[type].kind === 'video') {
        // Before anything is stored: a fake video would be served as video/mp4 and use up the video allowance.
        if (!(await isPlayableVideo(file, type, probe))) throw unreadableVideo();
        return makePhotoRenditions((await makeVideoPoster(file, { ffmpegPath })).image, watermark);
      }
      if (type === 'heic') {
        const bytes = await fsp.readFile(file);
        return makePhotoRenditions(await decodeHeicImage(bytes), watermark, readHeicTakenAt(bytes));
      }
      return makePhotoRenditions(file, watermark);
    }).catch((error: unknown) => {
      if (error instanceof UnreadableImageError) {
        throw new AppError(ErrorCode.FILE_TYPE_NOT_ALLOWED, 415, 'The image could not be read (damaged, or too many pixels). Please try another file.');
      }
      throw error;
    });

  /** Checks that hold before any work: name, emptiness, type, size, plan, window. */
  const precheck = (album: GuestAlbumRow, guest: AlbumGuestRow, file: { type: MediaType | undefined; size: number; uploaderName: string | undefined }) => {
    const uploaderName = (file.uploaderName ?? '').trim() || guest.name;
    if (uploaderName.length > GUEST_NAME_MAX) throw AppError.badRequest(`uploaderName: at most ${GUEST_NAME_MAX} characters`);
    if (file.size === 0) throw AppError.badRequest('The file is empty');
    if (!file.type) throw unsupportedType();
    if (file.size > maxBytesOf(file.type)) throw tooLargeFor(file.type);
    const snapshot = album.album.packageSnapshot;
    if (MEDIA[file.type].kind === 'video' && snapshot.videoLimit === 0) throw videoLimitReached(0);
    if (!uploadsOpen(snapshot)) throw closed();
    return { uploaderName, type: file.type };
  };

  /** Stores a received file (and always removes the staged copy). */
  async function ingest(album: GuestAlbumRow, guest: AlbumGuestRow, file: UploadedFile) {
    const albumId = album.album.id;
    try {
      const { uploaderName, type } = precheck(album, guest, { type: file.staged.type, size: file.staged.size, uploaderName: file.uploaderName });
      const known = await photos.findByHash(albumId, file.staged.sha256);
      if (known) return { id: known.id, status: statusForGuest(known.status), duplicate: true };

      const renditions = await renditionsOf(type, file.staged.path, album.album.packageSnapshot.hasWatermark);
      const id = randomUUID();
      const prefix = `albums/${albumId}/${id}`;
      const keys = { originalKey: `${prefix}/original.${MEDIA[type].ext}`, thumbKey: `${prefix}/thumb.webp`, displayKey: `${prefix}/display.webp` };
      // The whole folder goes, not only the files written: a local disk would keep the empty folder
      // (and any temporary file a failed write left in it) for every refused or raced upload.
      const removeWritten = () => blobStore.deleteAll(`${prefix}/`).catch(() => undefined);
      let inserted = false;
      try {
        await blobStore.put(keys.thumbKey, renditions.thumb, 'image/webp');
        await blobStore.put(keys.displayKey, renditions.display, 'image/webp');
        await blobStore.putFile(keys.originalKey, file.staged.path, MEDIA[type].mime);
        const result = await photos.insertWithinLimits(
          {
            id, albumId, guestId: guest.id, uploadedByName: uploaderName, originalName: file.filename.slice(0, 255) || (MEDIA[type].kind === 'video' ? 'video' : 'photo'),
            contentHash: file.staged.sha256, mimeType: MEDIA[type].mime, sizeBytes: file.staged.size, width: renditions.width, height: renditions.height,
            takenAt: renditions.takenAt ?? null, originalCrc32: file.staged.crc32, displayCrc32: crc32(renditions.display), status: album.enableVerification ? 'pending' : 'approved', kind: MEDIA[type].kind, ...keys,
          },
          new Date(),
        );
        inserted = result.kind === 'inserted';
        if (!inserted) await removeWritten();
        if (result.kind === 'closed') throw closed();
        if (result.kind === 'limit') throw limitReached();
        if (result.kind === 'video-limit') throw videoLimitReached(result.limit);
        if (result.kind === 'inserted' && result.photo.status === 'approved') onApproved?.(albumId, result.photo.id);
        return { id: result.photo.id, status: statusForGuest(result.photo.status), duplicate: result.kind === 'duplicate' };
      } catch (error) {
        // Once the row exists its files are the photo's, whatever failed after.
        if (!inserted) await removeWritten();
        throw error;
      }
    } finally {
      await fsp.rm(file.staged.path, { force: true });
    }
  }

  return {
    precheck,
    ingest,
    /** `readFile` runs only after the token is checked, so strangers' bodies are never stored. */
    async upload(albumId: string, guestToken: string | undefined, readFile: () => Promise<UploadedFile>) {
      const { album, guest } = await access.writer(albumId, guestToken);
      return ingest(album, guest, await readFile());
    },
  };
}

export type PhotoUploadService = ReturnType<typeof createPhotoUploadService>;
