import { ErrorCode, guestStatusOf, type CommentPage, type GuestPhoto } from '@momentos/contract';
import sharp from 'sharp';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { createGuestCopies } from '../../platform/media/guest-copies.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AlbumReadCache } from '../albums/index.js';
import { announcerOf, type AlbumChanges } from '../albums/index.js';
import { decodeCommentCursor, encodeCommentCursor } from './comment-cursor.js';
import { photoNotFound, type Grant, type GuestPass, type RenditionSigner } from '../access/index.js';
import type { AlbumPhotosRepository } from './album-photos.repository.js';
import { playbackOf } from '../media-jobs/index.js';
import type { AlbumPhotoRow } from '../../db/schema/index.js';

/** What guests do with an album's photos: list them, fetch renditions, like and comment. */
export interface AlbumPhotosDeps {
  /** Likes and comments change the album's cached pages. */
  changes?: AlbumChanges;
  photos: AlbumPhotosRepository;
  blobStore: BlobStore;
  signer: RenditionSigner;
  /** Pages of the grid, per reader (a guest sees their own pending photos and likes). */
  cache: AlbumReadCache;
}

export function createAlbumPhotosService({ changes, photos, blobStore, signer, cache }: AlbumPhotosDeps) {
  const announce = announcerOf(changes, 'content');
  const guestCopies = createGuestCopies(blobStore);
  const visiblePhoto = async (albumId: string, photoId: string, guestId: string | undefined) =>
    (await photos.findVisible(albumId, photoId, guestId)) ?? Promise.reject(photoNotFound());

  /**
   * What a guest's player plays: the copy once it is ready; the original when no copy could be made
   * (it may still play on some phones); nothing while the copy is processing.
   */
  const guestVideoUrl = (albumId: string, photo: AlbumPhotoRow) => {
    if (photo.kind !== 'video' || photo.playbackState === 'processing') return null;
    return signer.url(albumId, photo.id, photo.playbackState === 'ready' ? 'playback' : 'video');
  };

  const loadPage = async (
    albumId: string,
    guestId: string | undefined,
    page: number,
    pageSize: number,
    section: string | undefined,
  ) => {
    const [rows, totalCount] = await Promise.all([
      photos.listVisible(albumId, guestId, page, pageSize, section),
      photos.countVisible(albumId, guestId, section),
    ]);
    return { items: rows.map((row) => toGuestPhoto(albumId, row)), totalCount };
  };

  /** A photo as the guest album shows it, its renditions behind signed URLs. */
  const toGuestPhoto = (
    albumId: string,
    {
      photo,
      likes,
      comments,
      likedByMe,
    }: { photo: AlbumPhotoRow; likes: number; comments: number; likedByMe: boolean },
  ): GuestPhoto => {
    const displayUrl = signer.url(albumId, photo.id, 'display');
    return {
      id: photo.id,
      fileName: displayUrl,
      displayUrl,
      thumbnailUrl: signer.url(albumId, photo.id, 'thumb'),
      originalName: photo.originalName,
      uploadedByName: photo.uploadedByName,
      uploadedAt: photo.uploadedAt.toISOString(),
      takenAt: photo.takenAt?.toISOString() ?? null,
      status: guestStatusOf(photo.status),
      kind: photo.kind,
      videoUrl: guestVideoUrl(albumId, photo),
      playback: playbackOf(photo),
      likes,
      comments,
      likedByMe: Boolean(likedByMe),
      sectionId: photo.sectionId,
    };
  };

  /**
   * The photo a signed URL or the caller's pass may see. A signature was issued to someone allowed
   * to see the photo then (an uploader their own pending one); a guest's stops working the moment
   * the host hides the photo, the owner's own URLs show every state.
   */
  const permittedPhoto = async (params: { albumId: string; photoId: string }, grant: Grant) => {
    const photo = grant.viaLink
      ? await photos.findInAlbum(params.albumId, params.photoId)
      : await visiblePhoto(params.albumId, params.photoId, grant.guest?.id);
    if (!photo || (grant.viaLink === 'guest' && photo.status === 'hidden')) throw photoNotFound();
    return photo;
  };

  return {
    /** The toggle (`POST /api/photos/{id}/like`): likes when not yet liked, else takes it back. */
    async toggleLike(photoId: string, { album, guest }: GuestPass) {
      await visiblePhoto(album.album.id, photoId, guest.id);
      return announce(album.album.id, await photos.changeLike(photoId, guest.id, 'toggle'));
    },

    /**
     * A page of visible photos; `section` (an id, or MAIN_SECTION for the photos in no section)
     * narrows it, an unknown id listing none. 'main' and 'all' never collide with an id (a uuid).
     */
    async list(albumId: string, { guest }: Grant, page: number, pageSize: number, section?: string) {
      return cache.read(albumId, `page:${guest?.id ?? 'code'}:${page}:${pageSize}:${section ?? 'all'}`, () =>
        loadPage(albumId, guest?.id, page, pageSize, section),
      );
    },

    /** Those of these photos the guest sees, as the guest album shows them, newest shot first. */
    async visibleAmong(albumId: string, guestId: string | undefined, photoIds: string[]): Promise<GuestPhoto[]> {
      const rows = await photos.listVisibleAmong(albumId, guestId, photoIds);
      return rows.map((row) => toGuestPhoto(albumId, row));
    },

    /** A rendition, for a signed URL or for a caller with the album's token or code. */
    async rendition(params: { albumId: string; photoId: string; variant: 'thumb' | 'display' }, grant: Grant) {
      const photo = await permittedPhoto(params, grant);
      const blob = await blobStore.get(params.variant === 'thumb' ? photo.thumbKey : photo.displayKey);
      if (!blob) throw photoNotFound();
      return blob;
    },

    /**
     * The display copy as a JPEG, the file a guest keeps: people expect a .jpg, and the copy they see
     * (watermarked where the plan has one) is what they may take, never the original. Sharp writes no
     * metadata unless asked. The host's "guest downloads off" stops guests and code holders, not the host.
     */
    async displayAsJpeg(params: { albumId: string; photoId: string }, grant: Grant) {
      if (grant.viaLink !== 'owner' && grant.album?.enableGuestDownloads === false)
        throw new AppError(ErrorCode.FORBIDDEN, 403, 'The host has switched guest downloads off');
      const photo = await permittedPhoto(params, grant);
      if (photo.kind !== 'photo') throw photoNotFound();
      const blob = await blobStore.get(photo.displayKey);
      if (!blob) throw photoNotFound();
      const chunks: Buffer[] = [];
      for await (const chunk of blob.stream) chunks.push(chunk as Buffer);
      return sharp(Buffer.concat(chunks)).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
    },

    /**
     * A video's file, checked like a rendition: the uploaded video (`video`) or the playback copy
     * once it is ready (`playback`, made without metadata); `open` streams all of it or a byte range.
     * The uploaded video is the original only on the host's own links: guests and code holders get
     * it without its location and device tags (PRODUCT.md, "Trust"), and nothing if it cannot be cleaned.
     */
    async video(params: { albumId: string; photoId: string }, grant: Grant, file: 'video' | 'playback') {
      const photo = await permittedPhoto(params, grant);
      if (photo.kind !== 'video') throw photoNotFound();
      const key =
        file === 'playback'
          ? photo.playbackKey
          : grant.viaLink === 'owner'
            ? photo.originalKey
            : await guestCopies.keyFor(photo.originalKey, photo.mimeType);
      if (!key) throw photoNotFound();
      const whole = await blobStore.get(key);
      if (!whole) throw photoNotFound();
      whole.stream.destroy();
      return {
        size: whole.size,
        contentType: file === 'playback' ? 'video/mp4' : photo.mimeType,
        open: async (range?: { start: number; end: number }) =>
          (await blobStore.get(key, range)) ?? Promise.reject(photoNotFound()),
      };
    },

    async setLike(albumId: string, photoId: string, { guest }: GuestPass, liked: boolean) {
      await visiblePhoto(albumId, photoId, guest.id);
      return announce(albumId, await photos.changeLike(photoId, guest.id, liked));
    },

    /** A page of the photo's comments, newest first, and the cursor of the next (older) page. */
    async listComments(
      albumId: string,
      photoId: string,
      { guest }: Grant,
      query: { cursor?: string; pageSize: number },
    ): Promise<CommentPage> {
      await visiblePhoto(albumId, photoId, guest?.id);
      const before = query.cursor === undefined ? undefined : decodeCommentCursor(query.cursor);
      // One row past the page tells whether an older page exists, so the last page says so itself.
      const [rows, totalCount] = await Promise.all([
        photos.listComments(photoId, before, query.pageSize + 1),
        photos.countComments(photoId),
      ]);
      const page = rows.slice(0, query.pageSize);
      const last = page.at(-1);
      const hasOlder = rows.length > page.length && last;
      const nextCursor = hasOlder ? encodeCommentCursor({ createdAt: last.exactCreatedAt, id: last.comment.id }) : null;
      return { items: page.map((row) => toComment(row.comment)), totalCount, nextCursor };
    },

    async addComment(albumId: string, photoId: string, { guest }: GuestPass, text: string) {
      await visiblePhoto(albumId, photoId, guest.id);
      const comment = await photos.addComment({ photoId, guestId: guest.id, authorName: guest.name, text });
      return announce(albumId, toComment(comment));
    },
  };
}

function toComment(row: { id: string; authorName: string; text: string; createdAt: Date }) {
  return { id: row.id, authorName: row.authorName, text: row.text, createdAt: row.createdAt.toISOString() };
}

export type AlbumPhotosService = ReturnType<typeof createAlbumPhotosService>;
