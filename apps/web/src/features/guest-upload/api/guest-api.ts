import { ErrorCode } from '@momentos/contract/errors';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { guestAlbumQuery } from '@/lib/guest-album-query';

export { guestKeys, type GuestAlbum } from '@/lib/guest-album-query';

/** A code that is malformed (400) or opens no album (404): the page says "album not found". */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** A code the album's host has replaced (410): the page says the code changed, not "not found". */
export function isCodeChanged(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.ALBUM_CODE_CHANGED;
}

export function useGuestAlbum(accessCode: string) {
  return useQuery(guestAlbumQuery(accessCode));
}
