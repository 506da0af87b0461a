import { randomInt } from 'node:crypto';
import { ErrorCode } from '@momentos/contract';
import { AppError } from '../../platform/http/app-error.js';

/**
 * A uniformly random 6-digit guest code (leading zeros kept). Uniqueness is the database's job:
 * a code another album holds or once held (migration 0021) is not written, and the writer draws again.
 */
export function generateAccessCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A code its album's host has replaced: it opens nothing and says so, without naming the album. */
export const albumCodeChanged = () =>
  new AppError(
    ErrorCode.ALBUM_CODE_CHANGED,
    410,
    "This album's code has changed: ask the hosts for the new code or scan the new QR code",
  );
