import { GUEST_TOKEN_HEADER } from '@momentos/contract/constants';
import { ErrorCode } from '@momentos/contract/errors';
import type { z } from 'zod';
import type { ZGuestAccessCodeResponse } from '@momentos/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { findJoinedSessionByCode, writeGuestSession } from '@/lib/storage';
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

/**
 * After the hosts changed the code, a guest who joined with the old one follows to the new one:
 * their pass still holds (GET /api/albums/{id}/access-code). Answers null for anyone else.
 */
export function useFollowedCode(oldCode: string, enabled: boolean) {
  return useQuery({
    queryKey: ['guest', 'followed-code', oldCode],
    enabled,
    retry: false,
    queryFn: async ({ signal }) => {
      const joined = findJoinedSessionByCode(oldCode);
      if (!joined?.session.guestToken) return null;
      const response = await apiRequest<z.infer<typeof ZGuestAccessCodeResponse>>(
        `/api/albums/${joined.albumId}/access-code`,
        { signal, headers: { [GUEST_TOKEN_HEADER]: joined.session.guestToken } },
      );
      writeGuestSession(joined.albumId, { ...joined.session, accessCode: response.data.accessCode });
      return response.data.accessCode;
    },
  });
}
