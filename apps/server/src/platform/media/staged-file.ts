import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { hashAll, hashingStream, type ByteFacts, type HashingOptions } from './hashing-stream.js';
import type { MediaType } from './media-type.js';

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
  onHead?: HashingOptions['onHead'],
  onSize?: HashingOptions['onSize'],
): Promise<StagedFile> {
  await fsp.mkdir(stagingDir, { recursive: true });
  const target = stagingPath(stagingDir);
  const tap = hashingStream({ sha256: true, onHead, onSize });
  try {
    await pipeline(source, tap, fs.createWriteStream(target, { flags: 'wx' }));
    return stagedFrom(target, tap.facts());
  } catch (error) {
    await fsp.rm(target, { force: true });
    throw error;
  }
}

/** A file already on disk, with what a hashing stream learned of it, as a staged upload. */
export function stagedFrom(file: string, facts: ByteFacts): StagedFile {
  if (facts.sha256 === undefined) throw new Error('a staged file needs the SHA-256 of its bytes');
  return { path: file, size: facts.size, sha256: facts.sha256, crc32: facts.crc32, type: facts.type };
}

/** Counts, checksums and sniffs a file already on disk (a voice note's AAC copy, for the ZIP). */
export const inspectFile = (file: string): Promise<ByteFacts> => hashAll(fs.createReadStream(file));
