import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writePhotos } from './photo-files.js';

const photoFilesSource = path.join(import.meta.dirname, 'photo-files.ts');
const SOI = Buffer.from([0xff, 0xd8]);

/**
 * The wedding's base photos (photo-files.ts: 12 MP, about 3 MB, blurred noise the encoder treats
 * like a phone's photo). Encoding one takes about 1.5 s of a core, so the set is written once into
 * the temporary directory, keyed by the generator's source and the count, and read from there by
 * later runs.
 */
export async function weddingBasePhotos(count: number): Promise<Buffer[]> {
  const generator = createHash('sha256').update(fs.readFileSync(photoFilesSource)).digest('hex').slice(0, 12);
  const dir = path.join(os.tmpdir(), `momentos-wedding-photos-${generator}-${count}`);
  if (!fs.existsSync(dir)) {
    // Written aside and renamed, so an interrupted run never leaves a half-made set to be reused.
    const staging = fs.mkdtempSync(`${dir}.partial-`);
    await writePhotos(staging, count);
    try {
      fs.renameSync(staging, dir);
    } catch {
      fs.rmSync(staging, { recursive: true, force: true }); // Another run finished the same set first.
    }
  }
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.jpg'))
    .sort()
    .map((name) => fs.readFileSync(path.join(dir, name)));
}

/**
 * A byte-distinct copy of a base photo: a JPEG comment segment (COM, 0xFFFE) naming the upload
 * right after the start-of-image marker. The server knows a photo again by the SHA-256 of the
 * whole file (photos.repository.ts `findByHash`), so every label is a photo of its own, while
 * decoding and resizing cost exactly what the base photo costs.
 */
export function labelledCopy(base: Buffer, label: string): Buffer {
  if (base[0] !== 0xff || base[1] !== 0xd8) throw new Error('not a JPEG');
  const text = Buffer.from(label, 'utf8');
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xfffe, 0);
  header.writeUInt16BE(text.length + 2, 2); // The length counts itself, not the marker.
  return Buffer.concat([SOI, header, text, base.subarray(2)]);
}
