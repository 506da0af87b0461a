import { ErrorCode, SELFIE_FIELD, SELFIE_MAX_BYTES } from '@momentos/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.js';
import { readFileInMemory } from '../../platform/http/multipart-file-in-memory.js';

const SELFIE_PARTS = `the image in the field "${SELFIE_FIELD}"`;

/**
 * The selfie's bytes, read into memory and nowhere else: no staging file, so nothing of a guest's
 * face is ever on disk, even for a moment. The multipart parser's limit keeps it within 10 MB.
 */
export function readSelfie(request: FastifyRequest): Promise<Buffer> {
  return readFileInMemory(request, {
    field: SELFIE_FIELD,
    maxBytes: SELFIE_MAX_BYTES,
    expected: SELFIE_PARTS,
    notMultipart: `Send the selfie as multipart/form-data in ${SELFIE_PARTS}`,
    noFile: `No selfie: send ${SELFIE_PARTS}`,
    tooLarge: () => new AppError(ErrorCode.FILE_TOO_LARGE, 413, 'The selfie exceeds the 10 MB limit'),
  });
}
