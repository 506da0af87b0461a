import { ErrorCode } from '@momentos/contract';
import { AppError } from '../../platform/http/app-error.js';

/**
 * The one answer when an album is not there for the caller, whichever route asked: a code that opens
 * nothing, an id that names no album of theirs, an album deleted meanwhile. One code (the contract's
 * ALBUM_NOT_FOUND, which the web client translates) and one text, since the spec's clients show `message`.
 */
export const albumNotFound = () =>
  AppError.notFound(
    'Album not found: the access code is not valid or the album does not exist',
    ErrorCode.ALBUM_NOT_FOUND,
  );

/** Likewise for a photo or video: missing, of another album, or one the caller may not see. */
export const photoNotFound = () => AppError.notFound('Photo not found', ErrorCode.PHOTO_NOT_FOUND);
