import { AppError } from '../../platform/http/app-error.js';

/**
 * Where a page of comments ended: the last comment's creation time to the microsecond, as the
 * database keeps it (`YYYY-MM-DDTHH:MM:SS.ffffffZ`), and its id, which orders comments made in the
 * same microsecond. Paging by position rather than by offset keeps a page from repeating or
 * skipping comments when new ones arrive between two requests.
 */
export interface CommentPosition {
  createdAt: string;
  id: string;
}

const EXACT_UTC = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The opaque `nextCursor` clients send back as `cursor`. */
export function encodeCommentCursor(position: CommentPosition): string {
  return Buffer.from(`${position.createdAt}|${position.id}`).toString('base64url');
}

/** The position a cursor names; anything this server did not write is a 400, never a database error. */
export function decodeCommentCursor(cursor: string): CommentPosition {
  const [createdAt = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !UUID.test(id) || !isRealInstant(createdAt)) {
    throw AppError.badRequest('The comments cursor is not valid: ask for the first page again, without a cursor');
  }
  return { createdAt, id };
}

/** A well-formed time the database accepts: a real calendar date (no 30 February) from year 1 on. */
function isRealInstant(text: string): boolean {
  const match = EXACT_UTC.exec(text);
  if (!match || Number(match[1]) < 1) return false;
  const date = new Date(text);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === text.slice(0, 23);
}
