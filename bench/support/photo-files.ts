import path from 'node:path';
import sharp from 'sharp';

export const PHOTO_WIDTH = 4000;
export const PHOTO_HEIGHT = 3000;

/** 12 MP JPEGs of about 3 MB (blurred noise), each with its own block and tint so each hash differs; written to `dir`. */
export async function writePhotos(dir: string, count: number): Promise<string[]> {
  const raw = { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 as const };
  const noise = { type: 'gaussian' as const, mean: 128, sigma: 40 };
  const base = await sharp({ create: { ...raw, background: '#808080', noise } })
    .blur(1.2)
    .raw()
    .toBuffer();
  const files: string[] = [];
  for (let seed = 0; seed < count; seed++) {
    const colour = { r: (seed * 53) % 256, g: (seed * 97) % 256, b: (seed * 29) % 256 };
    const block = { create: { width: 600, height: 400, channels: 3 as const, background: colour } };
    const file = path.join(dir, `IMG_${String(seed + 1).padStart(4, '0')}.jpg`);
    await sharp(base, { raw })
      .composite([{ input: block, left: (seed * 211) % (PHOTO_WIDTH - 600), top: (seed * 137) % (PHOTO_HEIGHT - 400) }])
      .modulate({ hue: (seed * 17) % 360 })
      .jpeg({ quality: 91 })
      .toFile(file);
    files.push(file);
  }
  return files;
}
