import { UPLOAD_MEDIA_TYPES, type UploadKind, type UploadMediaInfo, type UploadMediaType } from '@momentos/contract';
import { sniffPhotoType } from '../images/image-type.js';

/** The types a guest may upload (the contract's list, upload-policy.ts); `sniffMediaType` recognises each. */
export type MediaType = UploadMediaType;
export type MediaKind = UploadKind;
export const MEDIA: Readonly<Record<MediaType, UploadMediaInfo>> = UPLOAD_MEDIA_TYPES;

/** How many leading bytes `sniffMediaType` needs to decide. */
export const SNIFF_BYTES = 4100;

// ISO base media file brands (the `ftyp` box). HEIF stills use HEVC (heic family) or the
// generic mif1/msf1 brands; AVIF (also HEIF-based) is left out: sharp decodes it only when built so.
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

function isoBrands(bytes: Buffer): string[] | undefined {
  if (bytes.length < 16 || bytes.toString('latin1', 4, 8) !== 'ftyp') return undefined;
  const size = Math.min(bytes.readUInt32BE(0), bytes.length);
  if (size < 16) return undefined;
  const brands = [bytes.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(bytes.toString('latin1', at, at + 4));
  return brands;
}

/**
 * The file's type from its first bytes (its name and declared type are not trusted): the photo
 * types, HEIC/HEIF stills, and MP4, QuickTime and WebM videos. Anything else is undefined.
 */
export function sniffMediaType(bytes: Buffer): MediaType | undefined {
  const photo = sniffPhotoType(bytes);
  if (photo) return photo;
  const brands = isoBrands(bytes);
  if (brands) {
    const [major] = brands;
    // The major brand decides; compatible brands only when the major one is unknown.
    for (const brand of [major!, ...brands.slice(1)]) {
      if (HEIC_BRANDS.has(brand)) return brands.includes('avif') ? undefined : 'heic';
      if (MOV_BRANDS.has(brand)) return 'mov';
      if (MP4_BRANDS.has(brand)) return 'mp4';
    }
    return undefined;
  }
  // WebM is Matroska (EBML magic) whose DocType element says "webm".
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) {
    const head = bytes.subarray(0, Math.min(bytes.length, 64));
    return head.includes(Buffer.from([0x42, 0x82])) && head.includes(Buffer.from('webm', 'latin1'))
      ? 'webm'
      : undefined;
  }
  return undefined;
}
