import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffMediaType } from './media-type.js';

const fixture = (name: string) => fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures', name));
const ftyp = (major: string, ...compatible: string[]) => {
  const box = Buffer.alloc(16 + compatible.length * 4);
  box.writeUInt32BE(box.length, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  compatible.forEach((brand, i) => box.write(brand, 16 + i * 4, 'latin1'));
  return Buffer.concat([box, Buffer.alloc(64)]);
};

describe('sniffMediaType', () => {
  it('recognises real photos and videos by their bytes', async () => {
    expect(
      sniffMediaType(
        await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
          .jpeg()
          .toBuffer(),
      ),
    ).toBe('jpeg');
    expect(sniffMediaType(fixture('photo.heic'))).toBe('heic');
    expect(sniffMediaType(fixture('clip.mp4'))).toBe('mp4');
    expect(sniffMediaType(fixture('clip.mov'))).toBe('mov');
    expect(sniffMediaType(fixture('clip.webm'))).toBe('webm');
  });

  it('reads ISO brands: major first, then compatible; AVIF and unknown brands are refused', () => {
    expect(sniffMediaType(ftyp('mif1', 'heic'))).toBe('heic');
    expect(sniffMediaType(ftyp('avif', 'mif1'))).toBeUndefined();
    expect(sniffMediaType(ftyp('M4A ', 'isom'))).toBe('mp4');
    expect(sniffMediaType(ftyp('crx '))).toBeUndefined();
  });

  it('refuses Matroska that is not WebM, text, and short garbage', () => {
    const mkv = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x42, 0x82, 0x88, ...Buffer.from('matroska')]);
    expect(sniffMediaType(mkv)).toBeUndefined();
    expect(sniffMediaType(Buffer.from('<html>'))).toBeUndefined();
    expect(sniffMediaType(Buffer.alloc(0))).toBeUndefined();
  });
});
