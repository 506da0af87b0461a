import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import { drainRequest } from './drain-request.js';
import {
  checkFileName,
  fileNameWithLineBreak,
  isMalformedMultipart,
  malformedMultipart,
  multipartBoundary,
  watchFileNameLineBreaks,
} from './multipart-input.js';

export interface InMemoryFileRules {
  /** The multipart field the file must come in. */
  field: string;
  /** The largest file accepted; the route's multipart `fileSize` limit should be the same. */
  maxBytes: number;
  /** What the client should send, for the refusals ("the image in the field \"image\""). */
  expected: string;
  /** The refusal for a body that is not multipart, and for a body without the file. */
  notMultipart: string;
  noFile: string;
  tooLarge: () => AppError;
}

/**
 * One small file read into memory, never staged on disk: cover images, and a guest's selfie,
 * which must never touch the disk at all. Every refusal drains the body, so the client reads it.
 */
export async function readFileInMemory(request: FastifyRequest, rules: InMemoryFileRules): Promise<Buffer> {
  if (!request.isMultipart()) throw AppError.badRequest(rules.notMultipart);
  const hadFileNameLineBreak = watchFileNameLineBreaks(request.raw);
  let bytes: Buffer;
  let truncated: boolean;
  try {
    if (!multipartBoundary(request.headers['content-type'])) throw malformedMultipart(rules.expected);
    const part = await request.file();
    if (!part || part.fieldname !== rules.field) {
      part?.file.resume();
      throw hadFileNameLineBreak() ? fileNameWithLineBreak() : AppError.badRequest(rules.noFile);
    }
    checkFileName(part);
    bytes = await part.toBuffer();
    truncated = part.file.truncated;
    // A CR LF inside the quoted name ends busboy's header early, so it reads a shorter name.
    if (hadFileNameLineBreak()) throw fileNameWithLineBreak();
  } catch (error) {
    await drainRequest(request.raw);
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw rules.tooLarge();
    if (isMalformedMultipart(error))
      throw hadFileNameLineBreak() ? fileNameWithLineBreak() : malformedMultipart(rules.expected);
    throw error;
  }
  // Busboy can end a cut-off file without the size error reaching toBuffer (seen once under
  // load): a file over the limit, or marked truncated, is too large either way.
  if (truncated || bytes.length > rules.maxBytes) {
    await drainRequest(request.raw);
    throw rules.tooLarge();
  }
  return bytes;
}
