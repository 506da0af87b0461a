import { and, count, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albumPhotos, resumableUploads } from '../../db/schema/index.js';

export type ResumableUploadRow = typeof resumableUploads.$inferSelect;

export function createResumableUploadsRepository(db: Database) {
  return {
    async create(values: typeof resumableUploads.$inferInsert): Promise<ResumableUploadRow> {
      const [row] = await db.insert(resumableUploads).values(values).returning();
      return row!;
    },
    async find(id: string): Promise<ResumableUploadRow | undefined> {
      const [row] = await db.select().from(resumableUploads).where(eq(resumableUploads.id, id));
      return row;
    },
    async markFinished(id: string, photoId: string) {
      await db.update(resumableUploads).set({ photoId }).where(eq(resumableUploads.id, id));
    },
    async delete(id: string) {
      await db.delete(resumableUploads).where(eq(resumableUploads.id, id));
    },
    /** Removes expired uploads and answers their ids, so their files can go too. */
    async deleteExpired(now: Date): Promise<string[]> {
      const rows = await db.delete(resumableUploads).where(lt(resumableUploads.expiresAt, now)).returning({ id: resumableUploads.id });
      return rows.map((row) => row.id);
    },
    async exists(id: string): Promise<boolean> {
      const [row] = await db.select({ n: count() }).from(resumableUploads).where(eq(resumableUploads.id, id));
      return (row?.n ?? 0) > 0;
    },
    /** The album's photos and videos so far, for refusing an upload early (the insert re-checks). */
    async countMedia(albumId: string): Promise<{ photos: number; videos: number }> {
      const rows = await db.select({ kind: albumPhotos.kind, n: count() }).from(albumPhotos).where(and(eq(albumPhotos.albumId, albumId))).groupBy(albumPhotos.kind);
      return { photos: rows.find((row) => row.kind === 'photo')?.n ?? 0, videos: rows.find((row) => row.kind === 'video')?.n ?? 0 };
    },
  };
}

export type ResumableUploadsRepository = ReturnType<typeof createResumableUploadsRepository>;
