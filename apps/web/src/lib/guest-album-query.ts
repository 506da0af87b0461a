import type { ZGuestAlbum, ZGuestAlbumResponse } from '@momentos/contract';
import type { z } from 'zod';
import { ApiError, apiRequest } from '@/lib/api-client';

// The album a guest code opens, shared by the guest page, the shared album and the router, which
// asks for it before the screen's code has loaded.
export type GuestAlbum = z.infer<typeof ZGuestAlbum>;

export const guestKeys = {
  album: (accessCode: string) => ['guest', 'album', accessCode] as const,
  /** The album's photo list: the shared album's grid keys its pages under it, and an upload refreshes it. */
  photos: (albumId: string) => ['guest-album', albumId, 'photos'] as const,
};

/** GET /api/albums/code/{accessCode}: the album a guest code opens. */
export async function fetchAlbumByCode(accessCode: string, signal?: AbortSignal): Promise<GuestAlbum> {
  const path = `/api/albums/code/${encodeURIComponent(accessCode)}`;
  const body = await apiRequest<z.infer<typeof ZGuestAlbumResponse>>(path, { signal });
  return body.data;
}

/**
 * The album the server wrote into the guest page for this code, if it did; read once, since the
 * page's copy is only as fresh as the page.
 */
export function takeAlbumFromPage(accessCode: string): GuestAlbum | undefined {
  const element = document.getElementById('guest-album-data');
  if (!element) return undefined;
  element.remove();
  try {
    // Our own server wrote it (same origin, same contract): a light check, so the guest page does not load zod.
    const data = JSON.parse(element.textContent ?? '') as { accessCode?: unknown; album?: Partial<GuestAlbum> };
    return data.accessCode === accessCode && typeof data.album?.id === 'string' && typeof data.album.name === 'string'
      ? (data.album as GuestAlbum)
      : undefined;
  } catch {
    return undefined;
  }
}

export function guestAlbumQuery(accessCode: string) {
  return {
    queryKey: guestKeys.album(accessCode),
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchAlbumByCode(accessCode, signal),
    // A wrong code stays wrong; only a network or server failure is worth one more try.
    retry: (failures: number, error: unknown) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
  };
}
