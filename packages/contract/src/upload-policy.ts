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

// ISO base media file brands (the `ftyp` box). HEIF stills use HEVC (heic family) or the generic
// mif1/msf1 brands; AVIF (also HEIF-based) is left out: the server's sharp decodes it only when built so.
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
const MOV_BRANDS = new Set(['qt  ']);
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'mmp4',
  'M4V ',
  'M4VP',
  'dash',
  'msnv',
  'MSNV',
  '3gp4',
  '3gp5',
  '3gp6',
  '3g2a',
  'f4v ',
  'XAVC',
  'MiPr',
]);

/** How many leading bytes `sniffUploadType` needs to decide. */
export const UPLOAD_SNIFF_BYTES = 4100;

const latin1 = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, magic: readonly number[]) =>
  bytes.length >= magic.length && magic.every((byte, index) => bytes[index] === byte);
const contains = (bytes: Uint8Array, needle: readonly number[]) =>
  bytes.some((_, at) => needle.every((byte, index) => bytes[at + index] === byte));

function isoBrands(bytes: Uint8Array): string[] | undefined {
  if (bytes.length < 16 || latin1(bytes, 4, 8) !== 'ftyp') return undefined;
  const declared = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const size = Math.min(declared, bytes.length);
  if (size < 16) return undefined;
  const brands = [latin1(bytes, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(latin1(bytes, at, at + 4));
  return brands;
}

/**
 * A file's type from its first bytes (its name and declared type are not trusted): JPEG, PNG, WebP,
 * GIF, HEIC/HEIF stills, and MP4, QuickTime and WebM videos; anything else is undefined. The one
 * rule for the server, which stores by it, and for the browser, which refuses a pretender at once.
 */
export function sniffUploadType(bytes: Uint8Array): UploadMediaType | undefined {
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(latin1(bytes, 0, 6))) return 'gif';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (bytes.length >= 12 && latin1(bytes, 0, 4) === 'RIFF' && latin1(bytes, 8, 12) === 'WEBP') return 'webp';
  const brands = isoBrands(bytes);
  if (brands) {
    // The major brand decides; compatible brands only when the major one is unknown.
    for (const brand of brands) {
      if (HEIC_BRANDS.has(brand)) return brands.includes('avif') ? undefined : 'heic';
      if (MOV_BRANDS.has(brand)) return 'mov';
      if (MP4_BRANDS.has(brand)) return 'mp4';
    }
    return undefined;
  }
  // WebM is Matroska (EBML magic) whose DocType element says "webm".
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    const head = bytes.subarray(0, 64);
    return contains(head, [0x42, 0x82]) && contains(head, [0x77, 0x65, 0x62, 0x6d]) ? 'webm' : undefined;
  }
  return undefined;
}
