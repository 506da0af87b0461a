import sharp, { type Metadata } from 'sharp';
import { readExifTakenAt } from './exif-date.js';

export const THUMB_SIDE = 400;
export const DISPLAY_SIDE = 1600;
/** Larger pixel counts are refused before decoding (decompression bombs); 100 MP covers any phone. */
export const MAX_INPUT_PIXELS = 100_000_000;

export interface PhotoRenditions {
  thumb: Buffer;
  display: Buffer;
  width: number;
  height: number;
  takenAt: Date | undefined;
}

export class UnreadableImageError extends Error {
  override name = 'UnreadableImageError';
}

/**
 * The two renditions others see: upright from EXIF, no side over 400 / 1600 px, WebP, and no
 * metadata at all (sharp writes none unless asked), so GPS and device data never leave the
 * original. A GIF gives its first frame. With `watermark` each rendition carries a visible mark.
 */
export async function makePhotoRenditions(input: Buffer, watermark: boolean): Promise<PhotoRenditions> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!metadata.width || !metadata.height) throw new Error('no dimensions');
    const swapped = (metadata.orientation ?? 1) >= 5;
    const [thumb, display] = await Promise.all([rendition(input, THUMB_SIDE, watermark), rendition(input, DISPLAY_SIDE, watermark)]);
    return {
      thumb,
      display,
      width: swapped ? metadata.height : metadata.width,
      height: swapped ? metadata.width : metadata.height,
      takenAt: readExifTakenAt(metadata.exif),
    };
  } catch (error) {
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
}

async function rendition(input: Buffer, side: number, watermark: boolean): Promise<Buffer> {
  const resized = sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
  if (!watermark) return resized.webp({ quality: 80 }).toBuffer();
  // The overlay must match the resized size exactly, which is only known after resizing.
  const { data, info } = await resized.raw().toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .composite([{ input: watermarkSvg(info.width, info.height) }])
    .webp({ quality: 80 })
    .toBuffer();
}

/** "Momentos" in the lower right corner, white with a dark outline so it shows on any photo. */
function watermarkSvg(width: number, height: number): Buffer {
  const size = Math.max(10, Math.round(Math.min(width, height) * 0.08));
  const margin = Math.round(size * 0.6);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<text x="${width - margin}" y="${height - margin}" text-anchor="end" font-family="sans-serif" font-weight="bold" ` +
      `font-size="${size}" fill="#ffffff" fill-opacity="0.75" stroke="#000000" stroke-opacity="0.45" stroke-width="${Math.max(1, size / 18)}">Momentos</text></svg>`,
  );
}
