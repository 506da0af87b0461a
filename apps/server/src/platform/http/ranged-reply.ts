import { Readable } from 'node:stream';
import { ErrorCode } from '@momentos/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import { rangeAnswer } from './byte-range.js';
import { header } from './request-header.js';

/** A stored file a route serves with Range support: its size and type, opened whole or in part. */
export interface RangedFile {
  size: number;
  contentType: string;
  /** A strong validator (quoted) of exactly these bytes: sent as ETag and checked against If-Match and If-Range. */
  etag?: string;
  open(range?: { start: number; end: number }): Promise<{ stream: Readable }>;
}

export interface RangedOptions {
  /** Defaults to an hour of private caching (media that never changes under its URL). */
  cacheControl?: string;
  /** The ETag the caller's link was made for: a Range without If-Range on another version gets a 412. */
  linkEtag?: string;
  /** Content-Disposition of the file (not of a refusal). */
  disposition?: string;
}

const changed = () =>
  new AppError(
    ErrorCode.DOWNLOAD_CHANGED,
    412,
    'The file changed since this download started: download it again from the start (or with a fresh link)',
  );

/**
 * Streams a file whole or, for a Range request (a player seeking, a download resumed), the part
 * asked for: 206 with Content-Range, 416 for a range past the end, 412 when a precondition names
 * other bytes (rangeAnswer). HEAD gets the same status and headers and no body, without opening
 * the file: an empty stream rather than none, as Fastify's HEAD route would set an absent body's
 * Content-Length to 0.
 */
export async function sendRanged(
  request: FastifyRequest,
  reply: FastifyReply,
  file: RangedFile,
  options: RangedOptions = {},
) {
  const conditions = {
    range: header(request, 'range'),
    ifRange: header(request, 'if-range'),
    ifMatch: header(request, 'if-match'),
    linkEtag: options.linkEtag,
  };
  const answer = rangeAnswer(conditions, file.size, file.etag);
  void reply.header('accept-ranges', 'bytes');
  if (file.etag) void reply.header('etag', file.etag);
  // Before the file's own headers, so the error's JSON is neither typed nor saved as the file.
  if (answer.kind === 'precondition-failed') throw changed();
  void reply.header('cache-control', options.cacheControl ?? 'private, max-age=3600').type(file.contentType);
  if (options.disposition) void reply.header('content-disposition', options.disposition);
  if (answer.kind === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${file.size}`).send();
  }
  const range = answer.kind === 'partial' ? { start: answer.start, end: answer.end } : undefined;
  if (range) void reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
  void reply.header('content-length', range ? range.end - range.start + 1 : file.size);
  if (request.method === 'HEAD') return reply.send(Readable.from([]));
  return reply.send((await file.open(range)).stream);
}
