import type { ZGuestAlbum } from '@momentos/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiRequest } from '@/lib/api-client';

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

/** POST /api/albums/{albumId}/guests: joins as a named guest and answers the guest token. */
export async function joinAlbum(albumId: string, name: string, accessCode: string): Promise<string> {
  const body = await apiRequest<{ data: { guestToken: string } }>(`/api/albums/${encodeURIComponent(albumId)}/guests`, { body: { name, accessCode } });
  return body.data.guestToken;
}

/** A code that is malformed (400) or opens no album (404): the page says "album not found". */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export function useGuestAlbum(accessCode: string) {
  return useQuery({
    queryKey: guestKeys.album(accessCode),
    queryFn: ({ signal }) => fetchAlbumByCode(accessCode, signal),
    // A wrong code stays wrong; only a network or server failure is worth one more try.
    retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
  });
}
