import fs from 'node:fs';
import path from 'node:path';
import { declaredUploadKind, UPLOAD_MEDIA_TYPES, uploadAccept, type UploadMediaType } from '@momentos/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MEDIA, sniffMediaType } from './media-type.js';

const fixture = (name: string) => fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures', name));
const image = sharp({ create: { width: 2, height: 2, channels: 3, background: '#c33' } });

/** One real file of each format a phone sends, with the name and MIME type its browser declares. */
const samples = async () => [
  { name: 'a.jpg', mime: 'image/jpeg', bytes: await image.clone().jpeg().toBuffer() },
  { name: 'a.png', mime: 'image/png', bytes: await image.clone().png().toBuffer() },
  { name: 'a.webp', mime: 'image/webp', bytes: await image.clone().webp().toBuffer() },
  { name: 'a.gif', mime: 'image/gif', bytes: await image.clone().gif().toBuffer() },
  { name: 'IMG_0001.HEIC', mime: 'image/heic', bytes: fixture('photo.heic') },
  { name: 'clip.mp4', mime: 'video/mp4', bytes: fixture('clip.mp4') },
  { name: 'clip.mov', mime: 'video/quicktime', bytes: fixture('clip.mov') },
  { name: 'clip.webm', mime: 'video/webm', bytes: fixture('clip.webm') },
];

describe("the contract's accepted upload types", () => {
  it('are exactly the types the server recognises by their bytes', async () => {
    const sniffed = new Set<UploadMediaType | undefined>();
    for (const sample of await samples()) {
      const type = sniffMediaType(sample.bytes);
      sniffed.add(type);
      expect(type, sample.name).toBeDefined();
      const info = UPLOAD_MEDIA_TYPES[type!];
      // What the browser declares leads the client to the same kind the server stores it as.
      expect(info.mimes, sample.name).toContain(sample.mime);
      expect(info.extensions, sample.name).toContain(path.extname(sample.name).slice(1).toLowerCase());
      expect(declaredUploadKind(sample.mime, sample.name), sample.name).toBe(info.kind);
      expect(uploadAccept([info.kind]).split(','), sample.name).toContain(sample.mime);
    }
    expect([...sniffed].sort()).toEqual(Object.keys(UPLOAD_MEDIA_TYPES).sort());
  });

  it('are the list the server stores files by (one list, not a copy)', () => {
    expect(MEDIA).toBe(UPLOAD_MEDIA_TYPES);
  });
});
