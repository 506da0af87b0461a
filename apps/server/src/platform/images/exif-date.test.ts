import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readExifTakenAt } from './exif-date.js';

const exifOf = async (exif: Record<string, Record<string, string>>) =>
  (
    await sharp(
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .jpeg()
        .withMetadata({ exif })
        .toBuffer(),
    ).metadata()
  ).exif;

describe('readExifTakenAt', () => {
  it('reads DateTimeOriginal, else DateTime, as wall-clock UTC', async () => {
    expect(readExifTakenAt(await exifOf({ IFD2: { DateTimeOriginal: '2027:06:12 18:30:05' } }))?.toISOString()).toBe(
      '2027-06-12T18:30:05.000Z',
    );
    expect(readExifTakenAt(await exifOf({ IFD0: { DateTime: '2026:01:02 03:04:05' } }))?.toISOString()).toBe(
      '2026-01-02T03:04:05.000Z',
    );
  });

  it('answers undefined for no, broken or nonsense EXIF', async () => {
    expect(readExifTakenAt(undefined)).toBeUndefined();
    expect(readExifTakenAt(Buffer.from('Exif\0\0garbage'))).toBeUndefined();
    expect(readExifTakenAt(await exifOf({ IFD2: { DateTimeOriginal: '0000:00:00 00:00:00' } }))).toBeUndefined();
  });
});
