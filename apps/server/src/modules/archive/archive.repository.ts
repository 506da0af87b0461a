import { and, count, eq, inArray, max, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albumPhotos } from '../../db/schema/index.js';
import { oldestShotFirst } from '../album-photos/index.js';

/** What the archives read of `album_photos`, and the CRC-32 they store once computed. */
export function createArchiveRepository(db: Database) {
  return {
    /** The album's rows among these ids, oldest shot first (a selection's ZIP). */
    photosByIds(albumId: string, photoIds: string[]) {
      if (photoIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(albumPhotos)
        .where(and(eq(albumPhotos.albumId, albumId), inArray(albumPhotos.id, photoIds)))
        .orderBy(...oldestShotFirst);
    },

    /** Every photo of the album in the order they were shot, for the ZIP's numbering. */
    allPhotos(albumId: string) {
      return db
        .select()
        .from(albumPhotos)
        .where(eq(albumPhotos.albumId, albumId))
        .orderBy(...oldestShotFirst);
    },

    /** What `allPhotos` would hold, in one aggregate that sends no rows: count, newest upload, bytes. */
    async photoSetSummary(albumId: string) {
      const [row] = await db
        .select({ count: count(), newest: max(albumPhotos.uploadedAt), bytes: sum(albumPhotos.sizeBytes) })
        .from(albumPhotos)
        .where(eq(albumPhotos.albumId, albumId));
      return { count: row?.count ?? 0, newest: row?.newest ?? null, bytes: Number(row?.bytes ?? 0) };
    },

    async saveCrc32(photoId: string, variant: 'original' | 'display', value: number) {
      await db
        .update(albumPhotos)
        .set(variant === 'original' ? { originalCrc32: value } : { displayCrc32: value })
        .where(eq(albumPhotos.id, photoId));
    },
  };
}

export type ArchiveRepository = ReturnType<typeof createArchiveRepository>;
