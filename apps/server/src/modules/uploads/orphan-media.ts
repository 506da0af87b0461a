import type { Database } from '../../db/client.js';
import type { BlobStore, StoredFolder } from '../../platform/blob-store/blob-store.js';
import { sweepPartialFiles } from '../../platform/blob-store/sweep-partials.js';
import { createUploadsRepository } from './uploads.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * How long a leftover must have been untouched before a sweep removes it. Uploads have no
 * deadline, but every byte that arrives refreshes the staging file's time, so what this must
 * outlast is the longest quiet moment of an upload still in flight: its staged file waiting for a
 * processing slot through a burst (minutes), ffprobe and the two frame grabs (at most a minute),
 * copying a 200 MB original to S3 after its renditions (a few minutes on a slow link), then the
 * insert. An hour is more than ten times that; a crash's leftovers live at most an hour plus one
 * MEDIA_SWEEP_MS.
 */
export const LEFTOVER_AGE_MS = 60 * 60_000;

/** The newest change in a folder: its own time on a disk, and each object's. */
async function newestChange(blobStore: BlobStore, folder: StoredFolder): Promise<number> {
  let newest = folder.modifiedAt?.getTime() ?? 0;
  for await (const object of blobStore.list(folder.prefix)) newest = Math.max(newest, object.modifiedAt.getTime());
  return newest;
}

/**
 * Removes photo folders (`albums/<album>/<photo>/`) that no database row points at: a crash
 * between writing the files and inserting the row, or an album deleted while its files stayed.
 * Works on any blob store (folders are listed, objects read only for folders with no row). Only
 * folders untouched for `minAgeMs` go, so an upload in flight (files written, row not yet inserted)
 * is left alone. Answers how many folders were removed.
 */
export async function sweepOrphanMedia(
  db: Database,
  blobStore: BlobStore,
  minAgeMs = LEFTOVER_AGE_MS,
  now = Date.now(),
) {
  const photos = createUploadsRepository(db);
  const albums: string[] = [];
  for await (const album of blobStore.listFolders('albums/')) albums.push(album.prefix);
  let removed = 0;
  for (const album of albums) {
    const folders: (StoredFolder & { id: string })[] = [];
    for await (const folder of blobStore.listFolders(album)) {
      const id = folder.prefix.slice(album.length, -1);
      if (UUID.test(id)) folders.push({ ...folder, id });
    }
    for (let start = 0; start < folders.length; start += 500) {
      const batch = folders.slice(start, start + 500);
      const known = await photos.existingIds(batch.map((folder) => folder.id));
      for (const folder of batch) {
        if (known.has(folder.id) || now - (await newestChange(blobStore, folder)) < minAgeMs) continue;
        await blobStore.deleteAll(folder.prefix);
        removed++;
      }
    }
  }
  return removed;
}

export interface LeftoverDeps {
  db: Database;
  blobStore: BlobStore;
  /** The local media directory: the local store's files, and the staging directory of either store. */
  mediaDir: string;
}

/**
 * Everything an upload cut short can leave, on either store: photo folders with no row, then
 * temporary files and emptied folders on the local disk (the local store, and the staging
 * directory S3 uploads pass through). In that order, so removing a temporary file never makes its
 * photo folder look recently changed. Answers the photo folders removed, and the temporary files and
 * emptied folders removed.
 */
export async function sweepMediaLeftovers(deps: LeftoverDeps, minAgeMs = LEFTOVER_AGE_MS, now = Date.now()) {
  const folders = await sweepOrphanMedia(deps.db, deps.blobStore, minAgeMs, now);
  const files = await sweepPartialFiles(deps.mediaDir, minAgeMs, now);
  return { orphanFolders: folders, partials: files };
}
