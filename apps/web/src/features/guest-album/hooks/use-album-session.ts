import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { readGuestSession, writeGuestSession, type GuestAlbumSession } from '@/lib/storage';

export const isAccessCode = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /^\d{6}$/.test(value);

/**
 * The visitor's credentials for one album: the stored guest session (written by the guest page
 * or here), or a `?code=` from a shared link, which is stored and then taken out of the address
 * bar so it is not copied along with a screenshot or a forwarded link.
 */
export function useAlbumSession(albumId: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryCode = searchParams.get('code');
  const [session, setSessionState] = useState<GuestAlbumSession | null>(() => {
    const stored = readGuestSession(albumId);
    if (isAccessCode(queryCode) && stored?.accessCode !== queryCode) return { accessCode: queryCode };
    return stored;
  });

  const setSession = useCallback(
    (next: GuestAlbumSession | null) => {
      if (next) writeGuestSession(albumId, next);
      setSessionState(next);
    },
    [albumId],
  );

  useEffect(() => {
    if (queryCode === null) return;
    if (isAccessCode(queryCode) && session) writeGuestSession(albumId, session);
    setSearchParams(
      (params) => {
        params.delete('code');
        return params;
      },
      { replace: true },
    );
  }, [albumId, queryCode, session, setSearchParams]);

  return { session, setSession };
}
