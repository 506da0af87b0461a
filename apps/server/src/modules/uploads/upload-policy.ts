import {
  ErrorCode,
  GUEST_NAME_MAX,
  GUEST_VIDEO_MAX_SECONDS,
  GUEST_VIDEO_MAX_SIDE,
  hasRoomFor,
  maxBytesFor,
  planTakesVideos,
  uploadFormatNames,
  wholeMegabytes,
} from '@momentos/contract';
import type { PackageSnapshot } from '../../db/schema/index.js';
import { AppError } from '../../platform/http/app-error.js';
import { MEDIA, type MediaKind, type MediaType } from '../../platform/media/media-type.js';
import { uploadsOpen } from '../albums/index.js';

// Every refusal of a guest's upload, on every path (multipart, tus creation and finish, the example
// album): the numbers and types come from the contract (upload-policy.ts), the wording is here once.
const megabytes = (kind: MediaKind) => wholeMegabytes(maxBytesFor(kind));

export const unsupportedType = () =>
  new AppError(
    ErrorCode.FILE_TYPE_NOT_ALLOWED,
    415,
    `Unsupported format: upload ${uploadFormatNames('photo')} photos, or ${uploadFormatNames('video')} videos`,
  );
/** A file that starts like an image but does not decode (cut short, or too many pixels). */
export const unreadableImage = () =>
  new AppError(
    ErrorCode.FILE_TYPE_NOT_ALLOWED,
    415,
    'The image could not be read (damaged, or too many pixels). Please try another file.',
  );
/** A file that starts like a video but whose container does not hold one (a header with text behind it). */
export const unreadableVideo = () =>
  new AppError(
    ErrorCode.FILE_TYPE_NOT_ALLOWED,
    415,
    'The video could not be read (damaged, cut short, or not a video). Please try another file.',
  );
/** A clip over the contract's length or size limits, as ffprobe read it. */
export function checkVideoFacts(facts: { durationMs?: number; width?: number; height?: number } | undefined) {
  if (facts?.durationMs !== undefined && facts.durationMs > GUEST_VIDEO_MAX_SECONDS * 1000) {
    throw new AppError(
      ErrorCode.VIDEO_TOO_LONG,
      422,
      `The video is longer than ${GUEST_VIDEO_MAX_SECONDS / 60} minutes: please upload a shorter clip`,
    );
  }
  if (Math.max(facts?.width ?? 0, facts?.height ?? 0) > GUEST_VIDEO_MAX_SIDE) {
    throw new AppError(
      ErrorCode.VIDEO_RESOLUTION_TOO_HIGH,
      422,
      `The video's resolution is over ${GUEST_VIDEO_MAX_SIDE} pixels on its longer side (4K is the most)`,
    );
  }
}
const photoTooLarge = () =>
  new AppError(
    ErrorCode.FILE_TOO_LARGE,
    413,
    `The photo exceeds the ${megabytes('photo')} MB limit for photos (videos may be up to ${megabytes('video')} MB)`,
  );
export const videoTooLarge = () =>
  new AppError(ErrorCode.FILE_TOO_LARGE, 413, `The file exceeds the ${megabytes('video')} MB limit for videos`);
const emptyFile = () => AppError.badRequest('The file is empty');
const uploaderNameTooLong = () => AppError.badRequest(`uploaderName: at most ${GUEST_NAME_MAX} characters`);
const uploadsClosed = () =>
  new AppError(ErrorCode.UPLOADS_CLOSED, 403, 'The upload period of this album has ended; guests can still view it');
const photoLimitReached = () =>
  new AppError(ErrorCode.PHOTO_LIMIT_REACHED, 403, 'This album has reached its photo limit');
const videoLimitReached = (snapshot: Pick<PackageSnapshot, 'videoLimit'>) =>
  new AppError(
    ErrorCode.VIDEO_LIMIT_REACHED,
    403,
    planTakesVideos(snapshot) ? 'This album has reached its video limit' : "This album's plan does not include videos",
  );

/** The size limit of a file of this type. */
export const maxBytesOf = (type: MediaType) => maxBytesFor(MEDIA[type].kind);
export const tooLargeFor = (type: MediaType) => (MEDIA[type].kind === 'video' ? videoTooLarge() : photoTooLarge());

/** The uploader name a guest typed, trimmed (undefined when blank); refused when too long. */
function checkedUploaderName(typed: string | undefined): string | undefined {
  const name = typed?.trim() || undefined;
  if (name && name.length > GUEST_NAME_MAX) throw uploaderNameTooLong();
  return name;
}

/**
 * Checks a received file before any work, in this order: uploader name, emptiness, type (judged
 * by the bytes), size, a video on a plan without videos, window. Answers the file's type and the
 * name it is shown under (the guest's own when none was typed).
 */
export function checkReceivedFile(
  snapshot: PackageSnapshot,
  guestName: string,
  file: { type: MediaType | undefined; size: number; uploaderName: string | undefined },
): { type: MediaType; uploaderName: string } {
  const uploaderName = checkedUploaderName(file.uploaderName) ?? guestName;
  if (file.size === 0) throw emptyFile();
  if (!file.type) throw unsupportedType();
  if (file.size > maxBytesOf(file.type)) throw tooLargeFor(file.type);
  if (MEDIA[file.type].kind === 'video' && !planTakesVideos(snapshot)) throw videoLimitReached(snapshot);
  if (!uploadsOpen(snapshot)) throw uploadsClosed();
  return { type: file.type, uploaderName };
}

/**
 * The refusal of one more file of this kind in the album, decided where the insert holds the
 * album's lock (uploads.repository.ts): the window, then the plan's count of that kind.
 */
export function admissionRefusal(kind: MediaKind, now: Date) {
  return (snapshot: PackageSnapshot, taken: number): AppError | undefined => {
    if (!uploadsOpen(snapshot, now)) return uploadsClosed();
    if (hasRoomFor(kind, snapshot, taken)) return undefined;
    return kind === 'video' ? videoLimitReached(snapshot) : photoLimitReached();
  };
}

/**
 * Checks a resumable upload's creation before any byte is sent, in this order: declared size,
 * emptiness, uploader name, window. Answers the typed uploader name (undefined: the guest's).
 */
export function checkResumableCreation(
  snapshot: PackageSnapshot,
  file: { length: number; uploaderName: string | undefined },
  now: Date,
): string | undefined {
  if (file.length > maxBytesFor('video')) throw videoTooLarge();
  if (file.length === 0) throw emptyFile();
  const uploaderName = checkedUploaderName(file.uploaderName);
  if (!uploadsOpen(snapshot, now)) throw uploadsClosed();
  return uploaderName;
}

/**
 * Refuses a resumable upload at its creation when the file cannot fit whatever it turns out to
 * be: only a video may pass the photo limit's bytes, and the declared type is a hint. The insert
 * checks again when the last byte arrives.
 */
export function checkRoomAtCreation(
  snapshot: PackageSnapshot,
  file: { length: number; declaredType: string },
  counts: { photos: number; videos: number },
) {
  const videoRoom = hasRoomFor('video', snapshot, counts.videos);
  const photoRoom = hasRoomFor('photo', snapshot, counts.photos);
  const mustBeVideo = file.length > maxBytesFor('photo') || file.declaredType.startsWith('video/');
  if (mustBeVideo && !videoRoom) throw videoLimitReached(snapshot);
  if (!videoRoom && !photoRoom) throw photoLimitReached();
  if (file.declaredType.startsWith('image/') && !photoRoom) throw photoLimitReached();
}
