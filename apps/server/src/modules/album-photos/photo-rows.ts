import { MAIN_SECTION } from '@momentos/contract';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albumPhotos, type AlbumPhotoRow } from '../../db/schema/index.js';

// What every module that reads album_photos shares (guests' grid, uploads, the host's list, the
// ZIP), so the album's order and its sections mean the same everywhere.

/**
 * When a photo was taken (EXIF, or a video's creation_time), else when it arrived: the album's order
 * (PRODUCT.md). The id breaks ties, so the order is total and offset pages never skip or repeat a
 * photo. The expression matches the index `album_photos_album_shot_idx`.
 */
const shotAt = sql`coalesce(${albumPhotos.takenAt}, ${albumPhotos.uploadedAt})`;

/** Newest shot first: the guests' and the host's lists. */
export const newestShotFirst = [desc(shotAt), desc(albumPhotos.id)] as const;

/** Oldest shot first: the ZIP's numbering, so the files read as the event went. */
export const oldestShotFirst = [asc(shotAt), asc(albumPhotos.id)] as const;

/** `?section=`: a section's id, or MAIN_SECTION for the photos in no section; every photo when absent. */
export const inSection = (section: string | undefined) =>
  section === MAIN_SECTION ? isNull(albumPhotos.sectionId) : section ? eq(albumPhotos.sectionId, section) : undefined;

/** The album's photo with this id, in any state; undefined when the id names none of the album's. */
export async function findPhotoInAlbum(
  db: Database,
  albumId: string,
  photoId: string,
): Promise<AlbumPhotoRow | undefined> {
  const [row] = await db
    .select()
    .from(albumPhotos)
    .where(and(eq(albumPhotos.id, photoId), eq(albumPhotos.albumId, albumId)));
  return row;
}
