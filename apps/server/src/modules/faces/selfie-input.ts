import { ErrorCode, SELFIE_FIELD, SELFIE_MAX_BYTES } from '@momentos/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.js';
import { drainRequest } from '../../platform/http/drain-request.js';
import {
  checkFileName,
  fileNameWithLineBreak,
  isMalformedMultipart,
  malformedMultipart,
  multipartBoundary,
  watchFileNameLineBreaks,
} from '../../platform/http/multipart-input.js';

const SELFIE_PARTS = `the image in the field "${SELFIE_FIELD}"`;
const tooLarge = () => new AppError(ErrorCode.FILE_TOO_LARGE, 413, 'The selfie exceeds the 10 MB limit');

/**
 * The selfie's bytes, read into memory and nowhere else: no staging file, so nothing of a guest's
 * face is ever on disk, even for a moment. The multipart parser's limit keeps it within 10 MB.
 */
export async function readSelfie(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw AppError.badRequest(`Send the selfie as multipart/form-data in ${SELFIE_PARTS}`);
  const hadFileNameLineBreak = watchFileNameLineBreaks(request.raw);
  let bytes: Buffer;
  let truncated: boolean;
  try {
    if (!multipartBoundary(request.headers['content-type'])) throw malformedMultipart(SELFIE_PARTS);
    const part = await request.file();
    if (!part || part.fieldname !== SELFIE_FIELD) {
      part?.file.resume();
      throw hadFileNameLineBreak() ? fileNameWithLineBreak() : AppError.badRequest(`No selfie: send ${SELFIE_PARTS}`);
    }
    checkFileName(part);
    bytes = await part.toBuffer();
    truncated = part.file.truncated;
    if (hadFileNameLineBreak()) throw fileNameWithLineBreak();
  } catch (error) {
    await drainRequest(request.raw);
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (isMalformedMultipart(error))
      throw hadFileNameLineBreak() ? fileNameWithLineBreak() : malformedMultipart(SELFIE_PARTS);
    throw error;
  }
  if (truncated || bytes.length > SELFIE_MAX_BYTES) {
    await drainRequest(request.raw);
    throw tooLarge();
  }
  return bytes;
}
