import fsp from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { guestStatusOf } from '@momentos/contract';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { decodeHeicImage, readHeicTakenAt } from '../../platform/images/heic.js';
import { makePhotoRenditions, UnreadableImageError } from '../../platform/images/photo-renditions.js';
import { MEDIA, type MediaType } from '../../platform/media/media-type.js';
import type { StagedFile } from '../../platform/media/staged-file.js';
import { makeVideoPoster } from '../../platform/media/video-poster.js';
import { checkVideo, ffprobeBeside } from '../../platform/media/video-probe.js';
import type { MissingSection, UploadsRepository } from './uploads.repository.js';
import {
  admissionRefusal,
  checkReceivedFile,
  checkVideoFacts,
  unreadableImage,
  unreadableVideo,
} from './upload-policy.js';
import type { VideoPlaybackService } from '../media-jobs/index.js';
import { announcerOf, type AlbumChanges } from '../albums/index.js';
import type { AlbumGuestRow, GuestAlbumRow } from '../../db/schema/index.js';
import { sectionNotFound } from '../sections/index.js';

export interface UploadDeps {
  /** A stored photo changes the album's cached pages and figures. */
  changes?: AlbumChanges;
  photos: Pick<UploadsRepository, 'findByHash' | 'insertWithinLimits'>;
  blobStore: BlobStore;
  /** Runs image processing within the server's concurrency bound. */
  runInSlot: <T>(task: () => Promise<T>) => Promise<T>;
  /** A photo everyone may now see was stored (album-live publishes it to open streams). */
  onApproved?: (albumId: string, photoId: string) => void;
  /** The ffmpeg program for video posters (a name on PATH by default). */
  ffmpegPath?: string;
  /** The ffprobe program that checks a video holds one (by default the one beside ffmpeg). */
  ffprobePath?: string;
  /** Queues each video's playback copy with its row. */
  playback: Pick<VideoPlaybackService, 'queueFor' | 'wakeWorkers'>;
}

export interface UploadedFile {
  /** Received in full in the store's staging directory; moved into the store or removed. */
  staged: StagedFile;
  filename: string;
  uploaderName: string | undefined;
  /** The section the guest chose; the album's main part when absent. */
  sectionId?: string | undefined;
  /**
   * A resumable upload names its section at creation; one deleted before the last byte lands the
   * photo in the main part ('main'), as deleting a section does to its photos. A direct upload is
   * refused instead ('refuse'), and what it wrote removed. Decided with the insert, under the lock.
   */
  missingSection?: MissingSection;
}

/** The foreign key refused the photo's section: deleted without the album's lock (by hand), after the insert's read. */
const isMissingSection = (error: unknown) => {
  const { code, constraint } = ((error as { cause?: object }).cause ?? error) as { code?: string; constraint?: string };
  return code === '23503' && (constraint?.includes('section') ?? false);
};

/**
 * A guest's photo or video: judged by its bytes, stored once per album, original kept unaltered,
 * renditions made (a video's are its poster), and the row inserted last inside the
 * limit-checking transaction. Files are written before the row and removed again if the row is
 * not inserted, so no row ever points at a missing file and a refused upload leaves nothing behind.
 */
export function createPhotoUploadService({
  changes,
  photos,
  blobStore,
  runInSlot,
  ffmpegPath,
  ffprobePath,
  onApproved,
  playback,
}: UploadDeps) {
  const announce = announcerOf(changes, 'content');
  const probe = { ffprobePath: ffprobePath ?? ffprobeBeside(ffmpegPath ?? 'ffmpeg') };
  const renditionsOf = (type: MediaType, file: string, watermark: boolean) =>
    runInSlot(async () => {
      if (MEDIA[type].kind === 'video') {
        // Before anything is stored: a fake video would be served as video/mp4 and use up the video allowance.
        const { playable, facts } = await checkVideo(file, type, probe);
        if (!playable) throw unreadableVideo();
        checkVideoFacts(facts);
        const poster = await makeVideoPoster(file, { ffmpegPath });
        return {
          ...(await makePhotoRenditions(poster.image, watermark, facts?.takenAt)),
          durationMs: facts?.durationMs,
        };
      }
      if (type === 'heic') {
        const bytes = await fsp.readFile(file);
        return makePhotoRenditions(await decodeHeicImage(bytes), watermark, readHeicTakenAt(bytes));
      }
      return makePhotoRenditions(file, watermark);
    }).catch((error: unknown) => {
      throw error instanceof UnreadableImageError ? unreadableImage() : error;
    });

  /** Stores a received file (and always removes the staged copy). */
  async function ingest(album: GuestAlbumRow, guest: AlbumGuestRow, file: UploadedFile) {
    const albumId = album.album.id;
    try {
      const snapshot = album.album.packageSnapshot;
      const { staged } = file;
      const { uploaderName, type } = checkReceivedFile(snapshot, guest.name, {
        type: staged.type,
        size: staged.size,
        uploaderName: file.uploaderName,
      });
      const known = await photos.findByHash(albumId, file.staged.sha256);
      if (known) return { id: known.id, status: guestStatusOf(known.status), duplicate: true };

      const renditions = await renditionsOf(type, file.staged.path, snapshot.hasWatermark);
      const id = randomUUID();
      const prefix = `albums/${albumId}/${id}`;
      const keys = {
        originalKey: `${prefix}/original.${MEDIA[type].ext}`,
        thumbKey: `${prefix}/thumb.webp`,
        displayKey: `${prefix}/display.webp`,
      };
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
            id,
            albumId,
            guestId: guest.id,
            uploadedByName: uploaderName,
            originalName: file.filename.slice(0, 255) || (MEDIA[type].kind === 'video' ? 'video' : 'photo'),
            contentHash: file.staged.sha256,
            mimeType: MEDIA[type].mime,
            sizeBytes: file.staged.size,
            width: renditions.width,
            height: renditions.height,
            takenAt: renditions.takenAt ?? null,
            originalCrc32: file.staged.crc32,
            displayCrc32: crc32(renditions.display),
            status: album.enableVerification ? 'pending' : 'approved',
            kind: MEDIA[type].kind,
            sectionId: file.sectionId ?? null,
            ...(MEDIA[type].kind === 'video' && {
              playbackState: 'processing' as const,
              durationMs: 'durationMs' in renditions ? (renditions.durationMs ?? null) : null,
            }),
            ...keys,
          },
          admissionRefusal(MEDIA[type].kind, new Date()),
          playback.queueFor,
          file.missingSection,
        );
        inserted = result.kind === 'inserted';
        if (inserted && MEDIA[type].kind === 'video') await playback.wakeWorkers();
        if (!inserted) await removeWritten();
        if (result.kind === 'refused') throw result.refusal;
        if (result.kind === 'missing-section') throw sectionNotFound();
        if (result.kind === 'inserted' && result.photo.status === 'approved') onApproved?.(albumId, result.photo.id);
        return announce(inserted ? albumId : undefined, {
          id: result.photo.id,
          status: guestStatusOf(result.photo.status),
          duplicate: result.kind === 'duplicate',
        });
      } catch (error) {
        // Once the row exists its files are the photo's, whatever failed after.
        if (!inserted) await removeWritten();
        throw isMissingSection(error) ? sectionNotFound() : error;
      }
    } finally {
      await fsp.rm(file.staged.path, { force: true });
    }
  }

  return { ingest };
}

export type PhotoUploadService = ReturnType<typeof createPhotoUploadService>;
