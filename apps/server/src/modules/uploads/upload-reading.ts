import fsp from 'node:fs/promises';
import { ZUploadTexts } from '@momentos/contract';
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
import { parseInput } from '../../platform/http/validation.js';
import { receiveToStaging, type StagedFile } from '../../platform/media/staged-file.js';
import type { UploadedFile } from './photo-upload.service.js';
import { maxBytesOf, tooLargeFor, unsupportedType, videoTooLarge } from './upload-policy.js';

const UPLOADER_NAME = ZUploadTexts.pick({ uploaderName: true });
const SECTION_ID = ZUploadTexts.pick({ sectionId: true });
const UPLOAD_PARTS = 'one file in "photo" and the fields "uploaderName" and "sectionId"';

/**
 * Reads the multipart body: one file in `photo`, an optional `uploaderName` and `sectionId`, in any order
 * (the section is checked once the body is read, before anything is stored).
 * The file streams to a temporary file while it is hashed; its type is judged from its first
 * bytes, so an unsupported file or a photo over 25 MB is refused without receiving the rest.
 */
export async function readUpload(request: FastifyRequest, stagingDir: string): Promise<UploadedFile> {
  if (!request.isMultipart()) throw AppError.badRequest('Send the photo as multipart/form-data in the field "photo"');
  if (!multipartBoundary(request.headers['content-type'])) throw malformedMultipart(UPLOAD_PARTS);
  let file: { staged: StagedFile; filename: string } | undefined;
  let uploaderName: string | undefined;
  let sectionId: string | undefined;
  const hadFileNameLineBreak = watchFileNameLineBreaks(request.raw);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photo' || file)
          throw AppError.badRequest('Send exactly one file, in the field "photo"');
        const filename = checkFileName(part);
        const staged = await receiveToStaging(
          part.file,
          stagingDir,
          (type, headBytes) => {
            // An empty file is answered by the service ("The file is empty").
            if (!type && headBytes > 0) throw unsupportedType();
          },
          (size, type) => {
            if (type && size > maxBytesOf(type)) throw tooLargeFor(type);
          },
        );
        file = { staged, filename };
        if (part.file.truncated) throw videoTooLarge();
      } else if (part.fieldname === 'uploaderName') {
        uploaderName = parseInput(UPLOADER_NAME, { uploaderName: String(part.value) }).uploaderName;
      } else if (part.fieldname === 'sectionId') {
        // Empty: the main part, as a form's "no section" choice sends it.
        sectionId = parseInput(SECTION_ID, { sectionId: String(part.value) || undefined }).sectionId;
      }
    }
  } catch (error) {
    if (file) await fsp.rm(file.staged.path, { force: true });
    await drainRequest(request.raw);
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw videoTooLarge();
    if (hadFileNameLineBreak()) throw fileNameWithLineBreak();
    if (isMalformedMultipart(error)) throw malformedMultipart(UPLOAD_PARTS);
    throw error;
  }
  // busboy leaves out a file whose name has a line break: say so rather than "no file".
  if (hadFileNameLineBreak()) {
    if (file) await fsp.rm(file.staged.path, { force: true });
    throw fileNameWithLineBreak();
  }
  if (!file) throw AppError.badRequest('Error uploading file photo: no file in the field "photo"');
  return { ...file, uploaderName, sectionId, missingSection: 'refuse' };
}
