import type { ZGuestAlbum } from '@momentos/contract';
import type { z } from 'zod';
import { ApiError, apiRequest } from '@/lib/api-client';

// Apart from guest-api.ts so that the router can ask for the album without loading the screen's code.
export type GuestAlbum = z.infer<typeof ZGuestAlbum>;

export const guestKeys = {
  album: (accessCode: string) => ['guest', 'album', accessCode] as const,
  /** The album's photo list; the album grid at /album/{id} keys its pages under this prefix. */
  photos: (albumId: string) => ['albums', albumId, 'photos'] as const,
};

/** GET /api/albums/code/{accessCode}: the album a guest code opens. */
export async function fetchAlbumByCode(accessCode: string, signal?: AbortSignal): Promise<GuestAlbum> {
  const body = await apiRequest<{ data: GuestAlbum }>(`/api/albums/code/${encodeURIComponent(accessCode)}`, { signal });
  return body.data;
}

export function guestAlbumQuery(accessCode: string) {
  return {
    queryKey: guestKeys.album(accessCode),
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchAlbumByCode(accessCode, signal),
    // A wrong code stays wrong; only a network or server failure is worth one more try.
    retry: (failures: number, error: unknown) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
  };
}
