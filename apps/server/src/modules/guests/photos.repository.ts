import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albumPhotos, albums, photoComments, photoLikes, type AlbumPhotoRow, type PackageSnapshot } from '../../db/schema/index.js';

export type NewPhoto = typeof albumPhotos.$inferInsert & { id: string };
export type InsertPhotoResult =
  | { kind: 'inserted'; photo: AlbumPhotoRow }
  | { kind: 'duplicate'; photo: AlbumPhotoRow }
  | { kind: 'limit' }
  | { kind: 'closed' };

/** Which photos a reader sees: approved ones, plus their own pending ones (never hidden ones). */
const visibleTo = (albumId: string, guestId: string | undefined) =>
  and(
    eq(albumPhotos.albumId, albumId),
    guestId
      ? or(eq(albumPhotos.status, 'approved'), and(eq(albumPhotos.status, 'pending'), eq(albumPhotos.guestId, guestId)))
      : eq(albumPhotos.status, 'approved'),
  );

export function createPhotosRepository(db: Database) {
  const findByHash = async (tx: Database, albumId: string, contentHash: string) => {
    const [row] = await tx.select().from(albumPhotos).where(and(eq(albumPhotos.albumId, albumId), eq(albumPhotos.contentHash, contentHash)));
    return row;
  };

  return {
    findByHash: (albumId: string, contentHash: string) => findByHash(db, albumId, contentHash),

    /**
     * Inserts the photo row if the upload window is open and the plan's photo limit not reached.
     * The album row is locked first so concurrent uploads see each other's rows; a file already
     * in the album (same hash) answers the stored photo.
     */
    async insertWithinLimits(photo: NewPhoto, now: Date): Promise<InsertPhotoResult> {
      return db.transaction(async (tx) => {
        const [album] = await tx.select({ snapshot: albums.packageSnapshot }).from(albums).where(eq(albums.id, photo.albumId)).for('update');
        const snapshot = album?.snapshot as PackageSnapshot;
        const existing = await findByHash(tx as Database, photo.albumId, photo.contentHash);
        if (existing) return { kind: 'duplicate' as const, photo: existing };
        if (snapshot.validUntil && new Date(snapshot.validUntil) <= now) return { kind: 'closed' as const };
        const [row] = await tx.select({ n: count() }).from(albumPhotos).where(eq(albumPhotos.albumId, photo.albumId));
        if ((row?.n ?? 0) >= snapshot.photoLimit) return { kind: 'limit' as const };
        const [inserted] = await tx.insert(albumPhotos).values(photo).returning();
        return { kind: 'inserted' as const, photo: inserted as AlbumPhotoRow };
      });
    },

    async countVisible(albumId: string, guestId: string | undefined): Promise<number> {
      const [row] = await db.select({ n: count() }).from(albumPhotos).where(visibleTo(albumId, guestId));
      return row?.n ?? 0;
    },

    /** A page of visible photos, newest first, with like and comment counts. */
    async listVisible(albumId: string, guestId: string | undefined, page: number, pageSize: number) {
      return db
        .select({
          photo: albumPhotos,
          // Spelled out: drizzle drops table names from columns inside select fields, which a
          // correlated subquery needs.
          likes: sql<number>`(select count(*) from photo_likes l where l.photo_id = album_photos.id)`.mapWith(Number),
          comments: sql<number>`(select count(*) from photo_comments c where c.photo_id = album_photos.id)`.mapWith(Number),
          likedByMe: guestId
            ? sql<boolean>`exists (select 1 from photo_likes l where l.photo_id = album_photos.id and l.guest_id = ${guestId})`
            : sql<boolean>`false`,
        })
        .from(albumPhotos)
        .where(visibleTo(albumId, guestId))
        .orderBy(desc(albumPhotos.uploadedAt), desc(albumPhotos.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
    },

    async findVisible(albumId: string, photoId: string, guestId: string | undefined): Promise<AlbumPhotoRow | undefined> {
      const [row] = await db.select().from(albumPhotos).where(and(eq(albumPhotos.id, photoId), visibleTo(albumId, guestId)));
      return row;
    },

    async findInAlbum(albumId: string, photoId: string): Promise<AlbumPhotoRow | undefined> {
      const [row] = await db.select().from(albumPhotos).where(and(eq(albumPhotos.id, photoId), eq(albumPhotos.albumId, albumId)));
      return row;
    },

    async findAlbumIdOfPhoto(photoId: string): Promise<string | undefined> {
      const [row] = await db.select({ albumId: albumPhotos.albumId }).from(albumPhotos).where(eq(albumPhotos.id, photoId));
      return row?.albumId;
    },
    async hasLike(photoId: string, guestId: string): Promise<boolean> {
      const [row] = await db.select({ n: count() }).from(photoLikes).where(and(eq(photoLikes.photoId, photoId), eq(photoLikes.guestId, guestId)));
      return (row?.n ?? 0) > 0;
    },
    async like(photoId: string, guestId: string) {
      await db.insert(photoLikes).values({ photoId, guestId }).onConflictDoNothing();
    },
    async unlike(photoId: string, guestId: string) {
      await db.delete(photoLikes).where(and(eq(photoLikes.photoId, photoId), eq(photoLikes.guestId, guestId)));
    },
    async countLikes(photoId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(photoLikes).where(eq(photoLikes.photoId, photoId));
      return row?.n ?? 0;
    },

    async addComment(values: typeof photoComments.$inferInsert) {
      const [row] = await db.insert(photoComments).values(values).returning();
      return row!;
    },
    async listComments(photoId: string) {
      return db.select().from(photoComments).where(eq(photoComments.photoId, photoId)).orderBy(photoComments.createdAt, photoComments.id).limit(500);
    },
  };
}

export type PhotosRepository = ReturnType<typeof createPhotosRepository>;
