import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { SNIFF_BYTES, sniffMediaType, type MediaType } from './media-type.js';

/** An upload received in full on local disk, not yet in the store. */
export interface StagedFile {
  path: string;
  size: number;
  sha256: string;
  /** CRC-32 of the bytes, kept so the album's ZIP can be laid out (and sized) without reading files. */
  crc32: number;
  /** From the first bytes; undefined when the format is not accepted. */
  type: MediaType | undefined;
}

/** Temporary names end in `.partial`, so the start-up sweep removes any a crash left behind. */
export function stagingPath(stagingDir: string): string {
  return path.join(stagingDir, `${randomUUID()}.partial`);
}

/**
 * Streams `source` to a temporary file while hashing it and keeping its first bytes, so a 200 MB
 * video is never held in memory. `onHead` sees the first bytes (or the whole file when shorter)
 * once, and may throw to stop the transfer early (an unsupported type, a photo too large).
 * The temporary file is removed when anything fails.
 */
export async function receiveToStaging(
  source: Readable,
  stagingDir: string,
  onHead?: (type: MediaType | undefined, headBytes: number) => void,
  onSize?: (size: number, type: MediaType | undefined) => void,
): Promise<StagedFile> {
  await fsp.mkdir(stagingDir, { recursive: true });
  const target = stagingPath(stagingDir);
  const hash = createHash('sha256');
  let checksum = 0;
  let size = 0;
  let head: Buffer[] = [];
  let headSize = 0;
  let type: MediaType | undefined;
  let judged = false;
  const judge = () => {
    if (judged) return;
    judged = true;
    type = sniffMediaType(Buffer.concat(head));
    head = [];
    onHead?.(type, headSize);
  };
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        hash.update(chunk);
        checksum = crc32(chunk, checksum);
        size += chunk.length;
        if (!judged) {
          head.push(chunk);
          headSize += chunk.length;
          if (headSize >= SNIFF_BYTES) judge();
        }
        onSize?.(size, type);
        done(null, chunk);
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        judge();
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  try {
    await pipeline(source, tap, fs.createWriteStream(target, { flags: 'wx' }));
    return { path: target, size, sha256: hash.digest('hex'), crc32: checksum, type };
  } catch (error) {
    await fsp.rm(target, { force: true });
    throw error;
  }
}

/** Hashes and sniffs a file already on disk (a finished resumable upload). */
export async function inspectFile(file: string): Promise<Omit<StagedFile, 'path'>> {
  const hash = createHash('sha256');
  let checksum = 0;
  let size = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    checksum = crc32(chunk, checksum);
    size += chunk.length;
  }
  const handle = await fsp.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return { size, sha256: hash.digest('hex'), crc32: checksum, type: sniffMediaType(buffer.subarray(0, bytesRead)) };
  } finally {
    await handle.close();
  }
}
