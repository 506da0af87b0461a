import { decodeHeicImage } from '../images/heic.js';
import { sniffImageType } from '../images/image-type.js';
import { loadSharp } from '../images/load-sharp.js';
import { MAX_INPUT_PIXELS, UnreadableImageError } from '../images/photo-renditions.js';
import type { RgbImage } from './face-protocol.js';

/** An album photo is described at the display rendition's size (1600 px), the measured setting. */
export const INDEX_SIDE = 1600;
/** A selfie is one large face: 1024 px keeps it well above what the detector needs, at less cost. */
export const SELFIE_SIDE = 1024;

const isHeif = (bytes: Buffer) => bytes.length >= 12 && bytes.toString('ascii', 4, 8) === 'ftyp';

/**
 * Decodes an image (JPEG, PNG, WebP; HEIC through libheif) upright, with no side over `maxSide`,
 * to RGB bytes for the engine thread. Decoding stays on the server's libvips threads: the engine's
 * thread only ever sees pixels. Throws UnreadableImageError for anything else.
 */
export async function decodeForFaces(bytes: Buffer, maxSide: number): Promise<RgbImage> {
  const sharp = await loadSharp();
  const source = sniffImageType(bytes) ? bytes : isHeif(bytes) ? await decodeHeicImage(bytes) : undefined;
  if (!source) throw new UnreadableImageError('not a JPEG, PNG, WebP or HEIC image');
  const input = Buffer.isBuffer(source)
    ? sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }).rotate()
    : sharp(source.data, { raw: { width: source.width, height: source.height, channels: source.channels } });
  try {
    const { data, info } = await input
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      width: info.width,
      height: info.height,
      pixels: new Uint8Array(data.buffer, data.byteOffset, data.length),
    };
  } catch (error) {
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
}

/** The image as a front camera's preview shows it: the selfie is described both ways (a phone may mirror it). */
export function mirrored({ width, height, pixels }: RgbImage): RgbImage {
  const out = new Uint8Array(pixels.length);
  const row = width * 3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = y * row + x * 3;
      const to = y * row + (width - 1 - x) * 3;
      out[to] = pixels[from]!;
      out[to + 1] = pixels[from + 1]!;
      out[to + 2] = pixels[from + 2]!;
    }
  }
  return { width, height, pixels: out };
}
