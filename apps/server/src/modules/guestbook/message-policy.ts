import { ErrorCode, MESSAGE_TEXT_MAX, VOICE_NOTE_MAX_BYTES, VOICE_NOTE_MAX_SECONDS } from '@momentos/contract';
import type { PackageSnapshot } from '../../db/schema/index.js';
import { AppError } from '../../platform/http/app-error.js';
import { uploadsOpen } from '../albums/index.js';

// Every refusal of a guest's message, worded once: the numbers come from the contract (constants.ts).

/** A recording stopped at the limit runs a few milliseconds over it; half a second is no speech. */
export const VOICE_NOTE_SLACK_MS = 500;

export const voiceNotesNotInPlan = () =>
  new AppError(
    ErrorCode.VOICE_NOTES_NOT_IN_PLAN,
    403,
    "This album's plan does not include voice notes (Plus and above do): send your message as text",
  );
export const voiceNoteTooLarge = () =>
  new AppError(
    ErrorCode.FILE_TOO_LARGE,
    413,
    `The voice note exceeds the ${VOICE_NOTE_MAX_BYTES / 1024 / 1024} MB limit for voice notes`,
  );
export const unsupportedVoiceNote = () =>
  new AppError(
    ErrorCode.FILE_TYPE_NOT_ALLOWED,
    415,
    'The voice note could not be played (damaged, not sound, or not WebM, Ogg, MP4/M4A, AAC or MP3). Please record it again.',
  );
export const voiceNoteTooLong = () =>
  new AppError(
    ErrorCode.VOICE_NOTE_TOO_LONG,
    422,
    `The voice note is longer than ${VOICE_NOTE_MAX_SECONDS} seconds: please record a shorter one`,
  );
export const emptyVoiceNote = () => AppError.badRequest('The voice note is empty');
export const missingText = () =>
  AppError.badRequest(`text: write a message (up to ${MESSAGE_TEXT_MAX} characters) or record a voice note`);
const messagesClosed = () =>
  new AppError(ErrorCode.UPLOADS_CLOSED, 403, 'The upload period of this album has ended: messages are closed too');
const messageLimitReached = () =>
  new AppError(ErrorCode.MESSAGE_LIMIT_REACHED, 403, "This album's guestbook has reached its message limit");
export const messageNotFound = () => new AppError(ErrorCode.MESSAGE_NOT_FOUND, 404, 'Message not found');

/** Refuses a message before any work: a voice note on a plan without them, then the window. */
export function checkMessageAllowed(snapshot: PackageSnapshot, hasVoice: boolean, now = new Date()) {
  if (hasVoice && !snapshot.voiceNotes) throw voiceNotesNotInPlan();
  if (!uploadsOpen(snapshot, now)) throw messagesClosed();
}

/** A voice note's length as read: refused past the limit (unknown lengths pass; the size limit still holds). */
export function checkVoiceLength(durationMs: number | undefined) {
  if (durationMs !== undefined && durationMs > VOICE_NOTE_MAX_SECONDS * 1000 + VOICE_NOTE_SLACK_MS) {
    throw voiceNoteTooLong();
  }
}

/**
 * The refusal of one more message, decided where the insert holds the album's lock
 * (guestbook.repository.ts): the window, then the plan's count (null: unlimited), every state counted.
 */
export function messageAdmission(now: Date) {
  return (snapshot: PackageSnapshot, taken: number): AppError | undefined => {
    if (!uploadsOpen(snapshot, now)) return messagesClosed();
    if (snapshot.messageLimit !== null && taken >= snapshot.messageLimit) return messageLimitReached();
    return undefined;
  };
}
