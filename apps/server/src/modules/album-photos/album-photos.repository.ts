import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albumPhotos, photoComments, photoLikes, type AlbumPhotoRow } from '../../db/schema/index.js';
import type { CommentPosition } from './comment-cursor.js';
import { findPhotoInAlbum, inSection, newestShotFirst } from './photo-rows.js';

/** Which photos a reader sees: approved ones, plus their own pending ones (never hidden ones). */
const visibleTo = (albumId: string, guestId: string | undefined, section?: string) =>
  and(
    eq(albumPhotos.albumId, albumId),
    inSection(section),
    guestId
      ? or(eq(albumPhotos.status, 'approved'), and(eq(albumPhotos.status, 'pending'), eq(albumPhotos.guestId, guestId)))
      : eq(albumPhotos.status, 'approved'),
  );

/** Photos with their like and comment counts, and whether this guest liked each. */
const withCounts = (db: Database, guestId: string | undefined) =>
  db
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
    .from(albumPhotos);

/** The album's photos as guests read them, and their likes and comments. */
export function createAlbumPhotosRepository(db: Database) {
  return {
    async countVisible(albumId: string, guestId: string | undefined, section?: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(albumPhotos)
        .where(visibleTo(albumId, guestId, section));
      return row?.n ?? 0;
    },

    /** A page of visible photos (of one section, the main part, or all), newest shot first, with like and comment counts. */
    async listVisible(albumId: string, guestId: string | undefined, page: number, pageSize: number, section?: string) {
      return withCounts(db, guestId)
        .where(visibleTo(albumId, guestId, section))
        .orderBy(...newestShotFirst)
        .limit(pageSize)
        .offset((page - 1) * pageSize);
    },

    /** Those of these photos the reader sees, newest shot first, with like and comment counts ("Find me"'s answer). */
    async listVisibleAmong(albumId: string, guestId: string | undefined, photoIds: string[]) {
      if (photoIds.length === 0) return [];
      return withCounts(db, guestId)
        .where(and(visibleTo(albumId, guestId), inArray(albumPhotos.id, photoIds)))
        .orderBy(...newestShotFirst);
    },

    async findVisible(
      albumId: string,
      photoId: string,
      guestId: string | undefined,
    ): Promise<AlbumPhotoRow | undefined> {
      const [row] = await db
        .select()
        .from(albumPhotos)
        .where(and(eq(albumPhotos.id, photoId), visibleTo(albumId, guestId)));
      return row;
    },

    findInAlbum: (albumId: string, photoId: string) => findPhotoInAlbum(db, albumId, photoId),

    async findAlbumIdOfPhoto(photoId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ albumId: albumPhotos.albumId })
        .from(albumPhotos)
        .where(eq(albumPhotos.id, photoId));
      return row?.albumId;
    },
    /**
     * Sets the guest's like (`'toggle'` flips it) and counts the photo's likes in one transaction.
     * The photo row is locked first, so concurrent changes to its likes run one after another and
     * each answer is the state it left (without it, 20 concurrent toggles all answered "liked").
     * NO KEY UPDATE leaves the key-share locks of inserts that reference the photo free.
     */
    async changeLike(
      photoId: string,
      guestId: string,
      wanted: boolean | 'toggle',
    ): Promise<{ liked: boolean; likes: number }> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: albumPhotos.id })
          .from(albumPhotos)
          .where(eq(albumPhotos.id, photoId))
          .for('no key update');
        const mine = and(eq(photoLikes.photoId, photoId), eq(photoLikes.guestId, guestId));
        const [had] = wanted === 'toggle' ? await tx.select({ n: count() }).from(photoLikes).where(mine) : [];
        const liked = wanted === 'toggle' ? (had?.n ?? 0) === 0 : wanted;
        if (liked) await tx.insert(photoLikes).values({ photoId, guestId }).onConflictDoNothing();
        else await tx.delete(photoLikes).where(mine);
        const [row] = await tx.select({ n: count() }).from(photoLikes).where(eq(photoLikes.photoId, photoId));
        return { liked, likes: row?.n ?? 0 };
      });
    },

    async addComment(values: typeof photoComments.$inferInsert) {
      const [row] = await db.insert(photoComments).values(values).returning();
      return row!;
    },
    /**
     * Up to `limit` of a photo's comments, newest first, older than `before` when given. Each row
     * carries its creation time to the microsecond (a JS Date keeps milliseconds), for the next cursor.
     */
    async listComments(photoId: string, before: CommentPosition | undefined, limit: number) {
      return db
        .select({
          comment: photoComments,
          exactCreatedAt: sql<string>`to_char(${photoComments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        })
        .from(photoComments)
        .where(
          and(
            eq(photoComments.photoId, photoId),
            before
              ? sql`(${photoComments.createdAt}, ${photoComments.id}) < (${before.createdAt}::timestamptz, ${before.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(photoComments.createdAt), desc(photoComments.id))
        .limit(limit);
    },
    async countComments(photoId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(photoComments).where(eq(photoComments.photoId, photoId));
      return row?.n ?? 0;
    },
  };
}

export type AlbumPhotosRepository = ReturnType<typeof createAlbumPhotosRepository>;
