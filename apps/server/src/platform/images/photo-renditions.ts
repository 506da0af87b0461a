import type { Metadata, Sharp } from 'sharp';
import { readExifTakenAt } from './exif-date.js';
import { loadSharp } from './load-sharp.js';

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

/** Decoded pixels, for formats sharp cannot read itself (HEIC). */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

/**
 * The two renditions others see: upright from EXIF, no side over 400 / 1600 px, WebP, and no
 * metadata at all (sharp writes none unless asked), so GPS and device data never leave the
 * original. A GIF gives its first frame. With `watermark` each rendition carries a visible mark.
 * The file is decoded once: the thumbnail is made from the display-sized pixels.
 */
export async function makePhotoRenditions(
  input: Buffer | string | RawImage,
  watermark: boolean,
  takenAt?: Date,
): Promise<PhotoRenditions> {
  const sharp = await loadSharp();
  try {
    const source = () =>
      typeof input === 'string' || Buffer.isBuffer(input)
        ? sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
        : sharp(input.data, {
            raw: { width: input.width, height: input.height, channels: input.channels },
            limitInputPixels: MAX_INPUT_PIXELS,
          });
    const metadata: Metadata = await source().metadata();
    if (!metadata.width || !metadata.height) throw new Error('no dimensions');
    const swapped = (metadata.orientation ?? 1) >= 5;
    const { data, info } = await source()
      .rotate()
      .resize({ width: DISPLAY_SIDE, height: DISPLAY_SIDE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = { width: info.width, height: info.height, channels: info.channels };
    const [display, thumb] = await Promise.all([
      encode(sharp(data, { raw: pixels }), pixels.width, pixels.height, watermark),
      (async () => {
        const small = await sharp(data, { raw: pixels })
          .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
          .raw()
          .toBuffer({ resolveWithObject: true });
        return encode(
          sharp(small.data, {
            raw: { width: small.info.width, height: small.info.height, channels: small.info.channels },
          }),
          small.info.width,
          small.info.height,
          watermark,
        );
      })(),
    ]);
    return {
      thumb,
      display,
      width: swapped ? metadata.height : metadata.width,
      height: swapped ? metadata.width : metadata.height,
      takenAt: takenAt ?? readExifTakenAt(metadata.exif),
    };
  } catch (error) {
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
}

function encode(image: Sharp, width: number, height: number, watermark: boolean): Promise<Buffer> {
  return (watermark ? image.composite([{ input: watermarkSvg(width, height) }]) : image)
    .webp({ quality: 80 })
    .toBuffer();
}

/**
 * "Momentos", white with a dark outline so it shows on any photo, at the bottom centre of the
 * rendition's centred square and sized from that square: grids show thumbnails as a centre crop,
 * so a mark in a corner of a wide or tall photo was cut ("Mome…"). Inside that square it shows
 * whole in the square thumbnail, the display copy and the slideshow alike.
 */
function watermarkSvg(width: number, height: number): Buffer {
  const side = Math.min(width, height);
  const size = Math.max(10, Math.round(side * 0.08));
  const bottom = Math.round((height - side) / 2 + side - size * 0.6);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<text x="${Math.round(width / 2)}" y="${bottom}" text-anchor="middle" font-family="sans-serif" font-weight="bold" ` +
      `font-size="${size}" fill="#ffffff" fill-opacity="0.75" stroke="#000000" stroke-opacity="0.45" stroke-width="${Math.max(1, size / 18)}">Momentos</text></svg>`,
  );
}
