import type {
  CommentPage,
  GuestPhoto,
  PhotoComment,
  Slideshow,
  SlideshowResponse,
  ZCommentListResponse,
  ZCommentResponse,
  ZLikeResponse,
  ZPhotoListResponse,
} from '@momentos/contract';
import { ALBUM_CODE_HEADER, GUEST_TOKEN_HEADER } from '@momentos/contract/constants';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { guestKeys } from '@/lib/guest-album-query';
import type { GuestAlbumSession } from '@/lib/storage';

export type { CommentPage, GuestPhoto, PhotoComment };
export const PAGE_SIZE = 60;

export type PhotoPage = z.infer<typeof ZPhotoListResponse>['data'];

export const albumKeys = {
  all: (albumId: string) => ['guest-album', albumId] as const,
  photos: guestKeys.photos,
  comments: (albumId: string, photoId: string) => ['guest-album', albumId, 'comments', photoId] as const,
  slideshow: (albumId: string) => ['guest-album', albumId, 'slideshow'] as const,
};

/** The guest token when there is one (it also shows the guest's own pending photos), else the code. */
export function readHeaders(session: GuestAlbumSession): Record<string, string> {
  return session.guestToken
    ? { [GUEST_TOKEN_HEADER]: session.guestToken }
    : { [ALBUM_CODE_HEADER]: session.accessCode };
}

export async function fetchPhotoPage(
  albumId: string,
  session: GuestAlbumSession,
  page: number,
  signal?: AbortSignal,
  sectionId?: string,
): Promise<PhotoPage> {
  const section = sectionId ? `&section=${encodeURIComponent(sectionId)}` : '';
  const path = `/api/albums/${albumId}/photos?page=${page}&pageSize=${PAGE_SIZE}${section}`;
  return (await apiRequest<z.infer<typeof ZPhotoListResponse>>(path, { headers: readHeaders(session), signal })).data;
}

export async function setLike(albumId: string, photoId: string, guestToken: string, liked: boolean) {
  const path = `/api/albums/${albumId}/photos/${photoId}/likes`;
  const headers = { [GUEST_TOKEN_HEADER]: guestToken };
  return (await apiRequest<z.infer<typeof ZLikeResponse>>(path, { method: liked ? 'POST' : 'DELETE', headers })).data;
}

/** A page of the photo's comments, newest first; `cursor` is the previous page's `nextCursor`. */
export async function fetchComments(
  albumId: string,
  photoId: string,
  session: GuestAlbumSession,
  cursor: string | null,
  signal?: AbortSignal,
) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const path = `/api/albums/${albumId}/photos/${photoId}/comments${query}`;
  return (await apiRequest<z.infer<typeof ZCommentListResponse>>(path, { headers: readHeaders(session), signal })).data;
}

export async function addComment(albumId: string, photoId: string, guestToken: string, text: string) {
  const path = `/api/albums/${albumId}/photos/${photoId}/comments`;
  const headers = { [GUEST_TOKEN_HEADER]: guestToken };
  return (await apiRequest<z.infer<typeof ZCommentResponse>>(path, { method: 'POST', body: { text }, headers })).data;
}

export async function fetchSlideshow(albumId: string, code: string, signal?: AbortSignal): Promise<Slideshow> {
  return (
    await apiRequest<SlideshowResponse>(`/api/albums/${albumId}/slideshow`, {
      headers: { [ALBUM_CODE_HEADER]: code },
      signal,
    })
  ).data;
}
