import type { ZJoinAlbumResponse } from '@momentos/contract';
import type { z } from 'zod';
import { apiRequest } from './api-client';

/**
 * POST /api/albums/{albumId}/guests: joins as a named guest and answers the guest token. One call
 * for the guest upload page and the shared album, which both let a guest join by name.
 */
export async function joinAlbum(albumId: string, name: string, accessCode: string): Promise<string> {
  const path = `/api/albums/${encodeURIComponent(albumId)}/guests`;
  const body = await apiRequest<z.infer<typeof ZJoinAlbumResponse>>(path, { body: { name, accessCode } });
  return body.data.guestToken;
}
