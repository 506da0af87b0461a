import { readExifTakenAt } from './exif-date.js';
import { MAX_INPUT_PIXELS, UnreadableImageError, type RawImage } from './photo-renditions.js';

/** libheif's WebAssembly holds about 13 MB once loaded: a server loads it at its first HEIC upload. */
let decoder: Promise<typeof import('heic-decode').default> | undefined;
const loadDecoder = () => (decoder ??= import('heic-decode').then((module) => module.default));

/**
 * Decodes a HEIC/HEIF still to pixels with libheif compiled to WebAssembly (sharp's prebuilt
 * libvips reads AV1-coded HEIF only, not the HEVC phones write). libheif applies the file's
 * rotation and mirror transforms, so the pixels are upright. The size is checked before decoding,
 * so a decompression bomb is refused without allocating its bitmap.
 */
export async function decodeHeicImage(bytes: Buffer): Promise<RawImage> {
  const decodeHeic = await loadDecoder();
  let images: Awaited<ReturnType<typeof decodeHeic.all>>;
  try {
    images = await decodeHeic.all({ buffer: bytes });
  } catch (error) {
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
  try {
    const primary = images[0];
    if (!primary) throw new UnreadableImageError('no image in the HEIF file');
    if (primary.width * primary.height > MAX_INPUT_PIXELS) throw new UnreadableImageError('too many pixels');
    const { width, height, data } = await primary.decode();
    return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height, channels: 4 };
  } catch (error) {
    throw error instanceof UnreadableImageError
      ? error
      : new UnreadableImageError(error instanceof Error ? error.message : String(error));
  } finally {
    images.dispose();
  }
}

/**
 * The date taken from a HEIF file's Exif item, which holds a whole TIFF-structured EXIF block.
 * Rather than walking the item tables, each TIFF header in the file is tried until one parses
 * to a date: the parser checks structure and date format, so stray bytes answer nothing.
 */
export function readHeicTakenAt(bytes: Buffer): Date | undefined {
  for (const marker of [Buffer.from('II*\0', 'latin1'), Buffer.from('MM\0*', 'latin1')]) {
    for (let at = bytes.indexOf(marker); at >= 0; at = bytes.indexOf(marker, at + 1)) {
      const date = readExifTakenAt(bytes.subarray(at));
      if (date) return date;
    }
  }
  return undefined;
}
