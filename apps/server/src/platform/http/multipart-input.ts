import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { ErrorCode, SINGLE_LINE_TEXT_RULE, ZUploadTexts } from '@momentos/contract';
import { AppError } from './app-error.js';
import { invalidRequestMessage, parseInput } from './validation.js';

// busboy's own failures carry no code, only words: "Multipart: Boundary not found", "Unexpected end
// of multipart data", "Part terminated early due to unexpected end of multipart data".
const BUSBOY_FAILURE = /multipart|boundary/i;

/**
 * Whether `error` says the multipart body itself cannot be read (no boundary, cut off, garbage
 * between parts, or one of @fastify/multipart's FST_ refusals): the client's fault, so a 400.
 * A disk or store failure while the file is saved is not, and stays a 500.
 */
export function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof AppError) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code.startsWith('FST_') : BUSBOY_FAILURE.test(error.message);
}

export const malformedMultipart = (expected: string) =>
  AppError.badRequest(`Malformed multipart body: send multipart/form-data with ${expected}`, ErrorCode.MALFORMED_BODY);

// RFC 2046 §5.1.1: 1 to 70 of these characters, quoted when it holds a space (and then not ending in one).
const BOUNDARY = /;\s*boundary=(?:"([\w'()+,\-./:=? ]{0,69}[\w'()+,\-./:=?])"|([\w'()+,\-./:=?]{1,70}))\s*(?:;|$)/i;

/**
 * The body's boundary, or undefined when the Content-Type has none a parser can use: refused up
 * front, since busboy would throw words we could not tell from a failure of ours.
 */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  const match = BOUNDARY.exec(contentType ?? '');
  return match ? (match[1] ?? match[2]) : undefined;
}

const ZFileName = ZUploadTexts.pick({ filename: true });

/**
 * Refuses a file part whose name breaks the text rules (a control character), and answers the name
 * cleaned of invisible formatting characters (ZUploadTexts). The refused file is still read, and
 * thrown away, so busboy reaches the end of the body.
 */
export function checkFileName(part: { filename: string; file: Readable }): string {
  try {
    return parseInput(ZFileName, { filename: part.filename }).filename;
  } catch (error) {
    part.file.resume();
    throw error;
  }
}

/** The refusal of a file name busboy dropped for its line break: the words any other text field gets. */
export const fileNameWithLineBreak = () =>
  AppError.badRequest(invalidRequestMessage([{ field: 'filename', message: SINGLE_LINE_TEXT_RULE }]));

const BLANK_LINE = Buffer.from('\r\n\r\n');
// busboy reads each part header up to 80 KB; a file name worth reporting sits well inside this.
const HEADER_MAX = 16 * 1024;
const PARTS_WATCHED = 8;
const LINE_BREAK_IN_FILE_NAME = /filename="[^"]*[\r\n]/i;
const FILE_NAME = /filename\*?=/i;

/**
 * busboy drops a part whose file name holds a bare line break (its guard against header
 * injection) without a word, so such an upload would read as "no file". This watches the part
 * headers stream past, beside busboy, and answers whether a file name had a line break, so the
 * refusal can say what is wrong. It stops listening at the first file part's header (only one
 * file is accepted), so a large file's bytes are never searched. Start it before reading the parts.
 */
export function watchFileNameLineBreaks(raw: IncomingMessage): () => boolean {
  const boundary = multipartBoundary(raw.headers['content-type']);
  if (!boundary) return () => false;
  const delimiter = Buffer.from(`--${boundary}`);
  let found = false;
  let pending: Buffer = Buffer.alloc(0);
  let inHeader = false;
  let headersSeen = 0;
  const stop = () => {
    raw.off('data', onData);
    pending = Buffer.alloc(0);
  };
  function onData(chunk: Buffer) {
    let buffer: Buffer = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (!inHeader) {
        const at = buffer.indexOf(delimiter);
        if (at === -1) {
          pending = buffer.subarray(Math.max(0, buffer.length - delimiter.length + 1));
          return;
        }
        buffer = buffer.subarray(at + delimiter.length);
        inHeader = true;
      }
      const end = buffer.indexOf(BLANK_LINE);
      if (end === -1) {
        // A header that never ends is busboy's to refuse; stop looking.
        if (buffer.length > HEADER_MAX) return stop();
        pending = buffer;
        return;
      }
      const header = buffer.subarray(0, end).toString('latin1');
      found = LINE_BREAK_IN_FILE_NAME.test(header);
      headersSeen++;
      if (found || FILE_NAME.test(header) || headersSeen >= PARTS_WATCHED) return stop();
      buffer = buffer.subarray(end + BLANK_LINE.length);
      inHeader = false;
    }
  }
  raw.on('data', onData);
  return () => {
    stop();
    return found;
  };
}
