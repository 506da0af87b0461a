import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { guestAlbumQuery } from '@/lib/guest-album-query';

export { guestKeys, type GuestAlbum } from '@/lib/guest-album-query';

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
  return useQuery(guestAlbumQuery(accessCode));
}
