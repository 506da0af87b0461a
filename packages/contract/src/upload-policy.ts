// What a guest may upload: the types, their size limits and the plan's counts. One list for the
// server, which judges a file by its bytes (platform/media/media-type.ts sniffs exactly these
// types), and for the web app, which builds its picker's `accept` and refuses early from it.
// Pure and free of zod and Node APIs, so the browser runs it too.
import { GUEST_PHOTO_MAX_BYTES, GUEST_VIDEO_MAX_BYTES } from './constants.js';

export type UploadKind = 'photo' | 'video';
export type UploadMediaType = 'jpeg' | 'png' | 'webp' | 'gif' | 'heic' | 'mp4' | 'mov' | 'webm';

export interface UploadMediaInfo {
  kind: UploadKind;
  /** The format's name in messages ("JPEG", "MOV"). */
  label: string;
  /** What the stored original is served as. */
  mime: string;
  /** The stored original's extension. */
  ext: string;
  /** Every MIME type a browser may declare for it (the first is `mime`). */
  mimes: readonly string[];
  /** Every extension a file of this type commonly has (the first is `ext`). */
  extensions: readonly string[];
}

const media = (kind: UploadKind, label: string, mimes: [string, ...string[]], extensions: [string, ...string[]]) => ({
  kind,
  label,
  mime: mimes[0],
  ext: extensions[0],
  mimes,
  extensions,
});

/** In the order messages list them: photos, then videos. */
export const UPLOAD_MEDIA_TYPES: Readonly<Record<UploadMediaType, UploadMediaInfo>> = {
  jpeg: media('photo', 'JPEG', ['image/jpeg'], ['jpg', 'jpeg']),
  png: media('photo', 'PNG', ['image/png'], ['png']),
  webp: media('photo', 'WebP', ['image/webp'], ['webp']),
  gif: media('photo', 'GIF', ['image/gif'], ['gif']),
  // HEIF stills with the generic brands (mif1) are stored as HEIC too.
  heic: media('photo', 'HEIC', ['image/heic', 'image/heif'], ['heic', 'heif']),
  mp4: media('video', 'MP4', ['video/mp4'], ['mp4', 'm4v']),
  mov: media('video', 'MOV', ['video/quicktime'], ['mov']),
  webm: media('video', 'WebM', ['video/webm'], ['webm']),
};

const ALL_TYPES = Object.keys(UPLOAD_MEDIA_TYPES) as UploadMediaType[];

/** The accepted types of one kind, in the list's order. */
export const uploadTypesOf = (kind: UploadKind): UploadMediaType[] =>
  ALL_TYPES.filter((type) => UPLOAD_MEDIA_TYPES[type].kind === kind);

/** The largest file of each kind (a photo's limit applies once the bytes say it is a photo). */
export const maxBytesFor = (kind: UploadKind): number =>
  kind === 'video' ? GUEST_VIDEO_MAX_BYTES : GUEST_PHOTO_MAX_BYTES;

/** A size in whole megabytes (1 MB = 1,048,576 bytes), as messages state the limits. */
export const wholeMegabytes = (bytes: number): number => Math.floor(bytes / (1024 * 1024));

/** "JPEG, PNG, WebP, GIF or HEIC": the formats of one kind, as a sentence lists them. */
export function uploadFormatNames(kind: UploadKind): string {
  const labels = uploadTypesOf(kind).map((type) => UPLOAD_MEDIA_TYPES[type].label);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : (labels[0] ?? '');
}

/**
 * A file input's `accept`: the MIME types and extensions of these kinds (the extensions catch HEIC
 * files a browser cannot name).
 */
export function uploadAccept(kinds: readonly UploadKind[]): string {
  const types = ALL_TYPES.filter((type) => kinds.includes(UPLOAD_MEDIA_TYPES[type].kind)).map(
    (type) => UPLOAD_MEDIA_TYPES[type],
  );
  return [
    ...types.flatMap((info) => info.mimes),
    ...types.flatMap((info) => info.extensions.map((ext) => `.${ext}`)),
  ].join(',');
}

/**
 * The kind a browser's description of a file suggests (its declared MIME type, else its name's
 * extension), or undefined for a type not on the list. A hint only: the server decides by the bytes.
 */
export function declaredUploadKind(mimeType: string, fileName = ''): UploadKind | undefined {
  const mime = mimeType.toLowerCase();
  const ext = fileName.includes('.') ? fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase() : '';
  const infos = ALL_TYPES.map((type) => UPLOAD_MEDIA_TYPES[type]);
  // Some browsers name HEIC (and others) "application/octet-stream" or nothing: the extension then decides.
  const info =
    infos.find((candidate) => candidate.mimes.includes(mime)) ??
    infos.find((candidate) => candidate.extensions.includes(ext));
  return info?.kind;
}

/** The plan's allowance, as the album's package snapshot holds it. */
export interface UploadLimits {
  photoLimit: number;
  /** null: unlimited; 0: the plan has no videos. */
  videoLimit: number | null;
}

/** Whether one more file of this kind fits: photos and videos count separately, in every state. */
export function hasRoomFor(kind: UploadKind, limits: UploadLimits, taken: number): boolean {
  const limit = kind === 'video' ? limits.videoLimit : limits.photoLimit;
  return limit === null || taken < limit;
}

/** A plan whose video limit is 0 takes no videos at all (the picker then offers photos only). */
export const planTakesVideos = (limits: Pick<UploadLimits, 'videoLimit'>): boolean => limits.videoLimit !== 0;
