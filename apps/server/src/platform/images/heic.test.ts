import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeHeicImage, readHeicTakenAt } from './heic.js';
import { makePhotoRenditions, UnreadableImageError } from './photo-renditions.js';
import sharp from 'sharp';

const heic = fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/photo.heic'));

describe('HEIC decoding', () => {
  it('decodes a real HEVC-coded HEIC to pixels, reads its date, and renders it without metadata', async () => {
    const raw = await decodeHeicImage(heic);
    expect(raw).toMatchObject({ width: 96, height: 64, channels: 4 });
    // The left half is red-orange, the right half blue, as encoded.
    expect(raw.data[0]).toBeGreaterThan(150);
    expect(raw.data[(95 + 32 * 96) * 4 + 2]).toBeGreaterThan(150);
    expect(readHeicTakenAt(heic)?.toISOString()).toBe('2027-06-12T18:30:05.000Z');
    const renditions = await makePhotoRenditions(raw, false, readHeicTakenAt(heic));
    const meta = await sharp(renditions.display).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 96, height: 64 });
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a damaged file', async () => {
    const broken = Buffer.concat([heic.subarray(0, 200), Buffer.alloc(200)]);
    await expect(decodeHeicImage(broken)).rejects.toBeInstanceOf(UnreadableImageError);
  });
});
