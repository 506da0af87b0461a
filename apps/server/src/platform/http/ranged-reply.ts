import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseByteRange } from './byte-range.js';
import { header } from './request-header.js';

/** A stored file a route serves with Range support: its size and type, opened whole or in part. */
export interface RangedFile {
  size: number;
  contentType: string;
  open(range?: { start: number; end: number }): Promise<{ stream: Readable }>;
}

/**
 * Streams a media file whole or, for a Range request (a player seeking, a phone fetching a voice
 * note in pieces), the part asked for: 206 with Content-Range, or 416 for a range past the end.
 */
export async function sendRanged(request: FastifyRequest, reply: FastifyReply, file: RangedFile) {
  const range = parseByteRange(header(request, 'range'), file.size);
  void reply.header('accept-ranges', 'bytes').header('cache-control', 'private, max-age=3600').type(file.contentType);
  if (range.kind === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${file.size}`).send();
  }
  if (range.kind === 'whole') return reply.header('content-length', file.size).send((await file.open()).stream);
  const blob = await file.open({ start: range.start, end: range.end });
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(blob.stream);
}
