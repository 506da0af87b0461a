import {
  originalFileName,
  PHOTO_IDS_MAX,
  type OwnerPhoto,
  type OwnerPhotoState,
  type PhotoBatchAction,
} from '@momentos/contract';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { AppError } from '../../platform/http/app-error.js';
import { announcerOf, type AlbumChanges } from '../albums/index.js';
import { photoNotFound, type HostLinkSigner, type RenditionSigner } from '../access/index.js';
import { createPhotoModeration, type ApprovedPhotoEvent } from './photo-moderation.js';
import type { HostPhotosRepository } from './host-photos.repository.js';
import { playbackOf, type VideoPlaybackService } from '../media-jobs/index.js';

export type { ApprovedPhotoEvent };

/** A signed link to an original lasts long enough to open it; the owner's list renews it. */
const ORIGINAL_LINK_TTL_SECONDS = 3600;

export interface HostPhotosDeps {
  photos: HostPhotosRepository;
  blobStore: BlobStore;
  renditions: RenditionSigner;
  links: HostLinkSigner;
  /** Moderation and deletions change what guests' cached pages show. */
  changes?: AlbumChanges;
  /** Called after a photo becomes visible to guests (approved or unhidden): the module publishes it live. */
  onApproved?: (event: ApprovedPhotoEvent) => void | Promise<void>;
  /** Videos' playback copies: the host asks again for one that failed. */
  playback: Pick<VideoPlaybackService, 'retry'>;
}

/**
 * The host's side of an album's photos: every photo in every state, originals, moderation and
 * deletions. The access policy let only the owner (or a signed link's holder) in, so nothing here
 * checks who asks.
 */
export function createHostPhotosService({
  photos,
  blobStore,
  renditions,
  links,
  changes,
  onApproved = () => undefined,
  playback,
}: HostPhotosDeps) {
  const announce = announcerOf(changes, 'content');
  const photoById = async (albumId: string, photoId: string) =>
    (await photos.findInAlbum(albumId, photoId)) ?? Promise.reject(photoNotFound());
  const moderation = createPhotoModeration({ photos, blobStore, onApproved });
  const originalPath = (albumId: string, photoId: string) => `/api/events/${albumId}/photos/${photoId}/original`;

  /** The host's player plays the copy once it is ready, and the original until then (or if it failed). */
  const videoUrlOf = (albumId: string, photo: { id: string; kind: string; playbackState: string | null }) => {
    if (photo.kind !== 'video') return null;
    const variant = photo.playbackState === 'ready' ? 'playback' : 'video';
    return renditions.url(albumId, photo.id, variant, { audience: 'owner' });
  };

  return {
    /** A page of the owner's photos; `section` is an id, or MAIN_SECTION for the photos in no section. */
    async list(albumId: string, page: number, pageSize: number, state?: OwnerPhotoState, section?: string) {
      const [rows, totalCount] = await Promise.all([
        photos.listPhotos(albumId, state, page, pageSize, section),
        photos.countPhotos(albumId, state, section),
      ]);
      const ids = rows.map((row) => row.id);
      const [likes, comments] = await Promise.all([photos.likesOf(ids), photos.commentsOf(ids)]);
      const items = rows.map((photo): OwnerPhoto => {
        // The owner's own URLs: they keep showing a photo the host has hidden, which guests' do not.
        const display = renditions.url(albumId, photo.id, 'display', { audience: 'owner' });
        return {
          id: photo.id,
          urlFoto: display,
          thumbnail: renditions.url(albumId, photo.id, 'thumb', { audience: 'owner' }),
          originalUrl: links.sign(originalPath(albumId, photo.id), ORIGINAL_LINK_TTL_SECONDS).url,
          fecha: photo.uploadedAt.toISOString(),
          kind: photo.kind,
          videoUrl: videoUrlOf(albumId, photo),
          playback: playbackOf(photo),
          originalName: photo.originalName,
          uploadedByName: photo.uploadedByName,
          state: photo.status,
          sectionId: photo.sectionId,
          likes: likes
            .filter((like) => like.photoId === photo.id)
            .map((like) => ({ guestName: like.guestName, createdAt: like.createdAt.toISOString() })),
          comentarios: comments
            .filter((comment) => comment.photoId === photo.id)
            .map((comment) => ({
              id: comment.id,
              authorName: comment.authorName,
              text: comment.text,
              createdAt: comment.createdAt.toISOString(),
            })),
        };
      });
      return { items, totalCount };
    },

    /** The original file, for its owner (bearer) or a holder of a signed link. */
    async original(albumId: string, photoId: string) {
      const photo = await photoById(albumId, photoId);
      const blob = await blobStore.get(photo.originalKey);
      if (!blob) throw photoNotFound();
      // The stored original, byte for byte, whatever the watermark: the host's own photo.
      const ext = photo.originalKey.slice(photo.originalKey.lastIndexOf('.') + 1);
      return { ...blob, contentType: photo.mimeType, name: originalFileName(photo.originalName, ext) };
    },

    async moderate(albumId: string, photoId: string, action: 'approve' | 'hide' | 'unhide') {
      const photo = await photoById(albumId, photoId);
      if (action === 'unhide' && photo.status !== 'hidden')
        throw AppError.conflict('Only a hidden photo can be unhidden');
      const state: OwnerPhotoState = action === 'hide' ? 'hidden' : 'approved';
      if (photo.status !== state) await moderation.setStates(albumId, [photoId], state);
      return announce(albumId, { id: photoId, state });
    },

    /** Deletes the photo, its likes and comments, then its files. */
    async deletePhoto(albumId: string, photoId: string) {
      const [deleted] = await moderation.remove(albumId, [photoId]);
      if (!deleted) throw photoNotFound();
      announce(albumId, undefined);
    },

    /** Approves, hides or deletes the album's photos among `photoIds` at once (photo-moderation.ts). */
    async batch(albumId: string, action: PhotoBatchAction, photoIds: string[]) {
      return announce(albumId, await moderation.batch(albumId, action, photoIds));
    },

    /** Every id in a state and section, for "select all" beyond the page on screen. */
    async photoIds(albumId: string, state?: OwnerPhotoState, section?: string) {
      return { ids: await photos.photoIds(albumId, state, section, PHOTO_IDS_MAX) };
    },

    /** Asks again for a failed video's playback copy (a processing or ready one is left as it is). */
    async retryPlayback(albumId: string, photoId: string) {
      return announce(albumId, { id: photoId, playback: await playback.retry(albumId, photoId) });
    },

    async deleteComment(albumId: string, commentId: string) {
      if (!(await photos.deleteComment(albumId, commentId))) throw AppError.notFound('Comment not found');
      announce(albumId, undefined);
    },
  };
}

export type HostPhotosService = ReturnType<typeof createHostPhotosService>;
