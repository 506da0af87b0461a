import { COVER_IMAGE_MAX_SIDE as MAX_SIDE } from '@momentos/contract';
import { loadSharp } from './load-sharp.js';

/**
 * A cover as stored: turned upright from its EXIF orientation, all metadata (GPS, camera)
 * dropped, no side over 2400 px, re-encoded as WebP (which keeps a PNG's transparency).
 */
export async function processCoverImage(input: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(input, { failOn: 'error', limitInputPixels: 80_000_000 })
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
}
