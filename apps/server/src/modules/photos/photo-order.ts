import { asc, desc, sql } from 'drizzle-orm';
import { albumPhotos } from '../../db/schema/index.js';

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
