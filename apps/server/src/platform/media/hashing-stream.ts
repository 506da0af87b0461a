import { createHash } from 'node:crypto';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { SNIFF_BYTES, sniffMediaType, type MediaType } from './media-type.js';

/** What a hashing stream learned of the bytes that went through it. */
export interface ByteFacts {
  size: number;
  /** CRC-32, kept so the album's ZIP can be laid out (and sized) without reading files. */
  crc32: number;
  /** Hex SHA-256 (an upload's duplicate check), when the stream was asked for it. */
  sha256: string | undefined;
  /** From the first bytes; undefined when the format is not accepted. */
  type: MediaType | undefined;
}

export interface HashingOptions {
  /** SHA-256 costs more than the rest together: only uploads, which are found again by it, ask. */
  sha256?: boolean;
  /** More bytes than this fail the stream with `tooMany()`'s error. */
  limit?: { bytes: number; tooMany: () => Error };
  /** Sees the type once the first bytes (or the whole, shorter, file) passed; may throw to stop early. */
  onHead?: (type: MediaType | undefined, headBytes: number) => void;
  /** Sees the size so far after each piece; may throw to stop early. */
  onSize?: (size: number, type: MediaType | undefined) => void;
}

/** A pass-through that counts, hashes and sniffs; `facts()` says what has gone through so far. */
export type HashingStream = Transform & { facts(): ByteFacts };

/**
 * The one place where media bytes are counted and hashed as they stream: uploads received from a
 * guest, a tus PATCH, a finished upload's joined chunks, a stored file read for its checksum.
 */
export function hashingStream({ sha256 = false, limit, onHead, onSize }: HashingOptions = {}): HashingStream {
  const hash = sha256 ? createHash('sha256') : undefined;
  let digest: string | undefined;
  let checksum = 0;
  let size = 0;
  let head: Buffer[] = [];
  let headSize = 0;
  let type: MediaType | undefined;
  let judged = false;
  const judge = (notify: boolean) => {
    if (judged) return;
    judged = true;
    type = sniffMediaType(Buffer.concat(head));
    head = [];
    if (notify) onHead?.(type, headSize);
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        if (limit && size + chunk.length > limit.bytes) throw limit.tooMany();
        hash?.update(chunk);
        checksum = crc32(chunk, checksum);
        size += chunk.length;
        if (!judged) {
          head.push(chunk);
          headSize += chunk.length;
          if (headSize >= SNIFF_BYTES) judge(true);
        }
        onSize?.(size, type);
        done(null, chunk);
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        judge(true);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  }) as HashingStream;
  stream.facts = () => {
    // A stream cut short never flushed: its first bytes are judged here, without the callback.
    judge(false);
    if (hash && digest === undefined) digest = hash.digest('hex');
    return { size, crc32: checksum, sha256: digest, type };
  };
  return stream;
}

/** Reads `source` to its end through a hashing stream, keeping nothing of the bytes. */
export async function hashAll(source: Readable, options?: HashingOptions): Promise<ByteFacts> {
  const tap = hashingStream(options);
  await pipeline(source, tap, new Writable({ write: (_chunk, _encoding, done) => done() }));
  return tap.facts();
}
