import type { PhotoBatchAction, PhotoBatchResult } from '@momentos/contract';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { guestCopyKey } from '../../platform/media/guest-copies.js';
import type { AlbumPhotoRow } from '../../db/schema/index.js';
import type { HostPhotosRepository, PhotoState } from './host-photos.repository.js';

export interface ApprovedPhotoEvent {
  albumId: string;
  photoId: string;
  /** 'approve' for a pending photo let in, 'unhide' for a hidden one brought back. */
  action: 'approve' | 'unhide';
}

/** Every file a photo row points at: the original, its renditions, its playback and guest copies. */
const filesOf = (row: AlbumPhotoRow) =>
  [row.originalKey, row.thumbKey, row.displayKey, row.playbackKey, guestCopyKey(row.originalKey)].filter(
    (key): key is string => Boolean(key),
  );

/**
 * The one way the host changes photos' states or deletes them, for one photo or a selection: the
 * rows change in one transaction, a photo that became visible is announced (`onApproved`), and a
 * deleted photo's files go after its row (a file left by a crash is swept as a leftover). The plan's
 * counts are read from the rows, so deleting frees room for new uploads at once.
 */
export function createPhotoModeration({
  photos,
  blobStore,
  onApproved,
}: {
  photos: Pick<HostPhotosRepository, 'setPhotoStates' | 'deletePhotos'>;
  blobStore: BlobStore;
  onApproved: (event: ApprovedPhotoEvent) => void | Promise<void>;
}) {
  /** The album's listed photos in `state`; answers the ids it found. */
  async function setStates(albumId: string, photoIds: string[], state: PhotoState) {
    const before = await photos.setPhotoStates(albumId, photoIds, state);
    if (state === 'approved') {
      for (const { id, previous } of before) {
        if (previous === 'approved') continue;
        // ── ALBUM-LIVE: the single place a photo becomes visible through moderation.
        const action = previous === 'hidden' ? 'unhide' : 'approve';
        await Promise.resolve(onApproved({ albumId, photoId: id, action })).catch(() => undefined);
      }
    }
    return before.map((row) => row.id);
  }

  /** Deletes the album's listed photos, then their files; answers the ids it deleted. */
  async function remove(albumId: string, photoIds: string[]) {
    const rows = await photos.deletePhotos(albumId, photoIds);
    // One photo's files at a time: a selection of a hundred must not open five hundred requests to S3 at once.
    for (const row of rows) await Promise.all(filesOf(row).map((key) => blobStore.delete(key)));
    return rows.map((row) => row.id);
  }

  return {
    setStates,
    remove,

    /** A selection's action; ids repeated are done once, ids not in the album are only reported. */
    async batch(albumId: string, action: PhotoBatchAction, photoIds: string[]): Promise<PhotoBatchResult> {
      const ids = [...new Set(photoIds)];
      const found = new Set(
        action === 'delete'
          ? await remove(albumId, ids)
          : await setStates(albumId, ids, action === 'hide' ? 'hidden' : 'approved'),
      );
      return { done: ids.filter((id) => found.has(id)), notFound: ids.filter((id) => !found.has(id)) };
    },
  };
}
