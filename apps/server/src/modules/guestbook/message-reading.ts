import fsp from 'node:fs/promises';
import { ZMessageFormFields } from '@momentos/contract';
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
import { receiveToStaging } from '../../platform/media/staged-file.js';
import { voiceNotesNotInPlan, voiceNoteTooLarge } from './message-policy.js';

const PARTS = 'the field "text", an optional "authorName" and an optional file in "voice"';
const TEXT = ZMessageFormFields.pick({ text: true });
const AUTHOR = ZMessageFormFields.pick({ authorName: true });

/** A message as sent: its words (trimmed, may be empty with a voice note), and the voice note received to disk. */
export interface MessageInput {
  text: string;
  authorName?: string;
  /** Received in full in the staging directory; the service stores or removes it. */
  voice?: { path: string; size: number; crc32: number };
}

/**
 * Reads the multipart variant of a message: `text`, `authorName` and one file in `voice`, in any
 * order. A voice note on a plan without them is read and thrown away (not staged), and refused
 * only once the whole body is read, so a malformed body is still a 400 and the client reads the 403.
 */
export async function readMessageForm(
  request: FastifyRequest,
  stagingDir: string,
  voiceAllowed: boolean,
): Promise<MessageInput> {
  if (!multipartBoundary(request.headers['content-type'])) throw malformedMultipart(PARTS);
  const input: MessageInput = { text: '' };
  let voiceRefused = false;
  const hadFileNameLineBreak = watchFileNameLineBreaks(request.raw);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'voice' || input.voice || voiceRefused) {
          throw AppError.badRequest('Send at most one file, in the field "voice"');
        }
        checkFileName(part);
        if (!voiceAllowed) {
          voiceRefused = true;
          part.file.resume();
          continue;
        }
        const staged = await receiveToStaging(part.file, stagingDir);
        input.voice = { path: staged.path, size: staged.size, crc32: staged.crc32 };
        if (part.file.truncated) throw voiceNoteTooLarge();
      } else if (part.fieldname === 'text') {
        input.text = parseInput(TEXT, { text: String(part.value) }).text;
      } else if (part.fieldname === 'authorName') {
        input.authorName = parseInput(AUTHOR, { authorName: String(part.value) }).authorName || undefined;
      }
    }
  } catch (error) {
    if (input.voice) await fsp.rm(input.voice.path, { force: true });
    await drainRequest(request.raw);
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw voiceNoteTooLarge();
    if (hadFileNameLineBreak()) throw fileNameWithLineBreak();
    if (isMalformedMultipart(error)) throw malformedMultipart(PARTS);
    throw error;
  }
  // busboy leaves out a file whose name has a line break: say so rather than "no voice note".
  if (hadFileNameLineBreak() || voiceRefused) {
    if (input.voice) await fsp.rm(input.voice.path, { force: true });
    throw hadFileNameLineBreak() ? fileNameWithLineBreak() : voiceNotesNotInPlan();
  }
  return input;
}
