import sharp from 'sharp';
import { seededRandom } from './seeded-random.js';

/**
 * A phone photo as a host picks it: 6000 × 4000 (24 MP) of a warm gradient with grain, which JPEG
 * compresses badly, so about 10 MB. `orientation` 6 is how a phone held upright stores a portrait:
 * the pixels lie on their side and the EXIF tag says to turn them, so it shows 4000 × 6000.
 */
export async function largePhonePhoto(orientation?: 6): Promise<Buffer> {
  const width = 6000;
  const height = 4000;
  const random = seededRandom(29);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const grain = () => Math.floor(random() * 64) - 32;
      pixels[i] = 150 + (x / width) * 80 + grain();
      pixels[i + 1] = 90 + (y / height) * 90 + grain();
      pixels[i + 2] = 120 + grain();
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 });
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
}
