import { and, asc, count, desc, eq, inArray, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albumGuests, albumPhotos, photoComments, photoLikes, type AlbumPhotoRow } from '../../db/schema/index.js';
import { findPhotoInAlbum, inSection, newestShotFirst } from '../album-photos/index.js';

export type PhotoState = AlbumPhotoRow['status'];

const day = (column: unknown) => sql<string>`to_char(date_trunc('day', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;
const inState = (albumId: string, state: PhotoState | undefined, section?: string) =>
  and(eq(albumPhotos.albumId, albumId), state ? eq(albumPhotos.status, state) : undefined, inSection(section));

/**
 * The host's side of the album's photos: every state, moderation, figures and analytics. The access
 * policy has already checked that the caller owns the album.
 */
export function createHostPhotosRepository(db: Database) {
  return {
    findInAlbum: (albumId: string, photoId: string) => findPhotoInAlbum(db, albumId, photoId),

    /** The album's uploads by kind and state, with their likes and comments. */
    async figures(albumId: string) {
      const [photos] = await db
        .select({
          total: count(),
          videos: sql<number>`count(*) filter (where ${albumPhotos.kind} = 'video')`.mapWith(Number),
          pending: sql<number>`count(*) filter (where ${albumPhotos.status} = 'pending')`.mapWith(Number),
          hidden: sql<number>`count(*) filter (where ${albumPhotos.status} = 'hidden')`.mapWith(Number),
          bytes: sum(albumPhotos.sizeBytes).mapWith(Number),
        })
        .from(albumPhotos)
        .where(eq(albumPhotos.albumId, albumId));
      const [likes] = await db
        .select({ n: count() })
        .from(photoLikes)
        .innerJoin(albumPhotos, eq(albumPhotos.id, photoLikes.photoId))
        .where(eq(albumPhotos.albumId, albumId));
      const [comments] = await db
        .select({ n: count() })
        .from(photoComments)
        .innerJoin(albumPhotos, eq(albumPhotos.id, photoComments.photoId))
        .where(eq(albumPhotos.albumId, albumId));
      return {
        // Photos and videos count against separate plan limits, in every state (as uploads are checked).
        photos: (photos?.total ?? 0) - (photos?.videos ?? 0),
        videos: photos?.videos ?? 0,
        pending: photos?.pending ?? 0,
        hidden: photos?.hidden ?? 0,
        bytes: photos?.bytes ?? 0,
        likes: likes?.n ?? 0,
        comments: comments?.n ?? 0,
      };
    },

    async countPhotos(albumId: string, state: PhotoState | undefined, section?: string) {
      const [row] = await db
        .select({ n: count() })
        .from(albumPhotos)
        .where(inState(albumId, state, section));
      return row?.n ?? 0;
    },

    /** A page of the album's photos in every state (or one), in one section or all, newest shot first. */
    listPhotos(albumId: string, state: PhotoState | undefined, page: number, pageSize: number, section?: string) {
      return db
        .select()
        .from(albumPhotos)
        .where(inState(albumId, state, section))
        .orderBy(...newestShotFirst)
        .limit(pageSize)
        .offset((page - 1) * pageSize);
    },

    likesOf(photoIds: string[]) {
      if (photoIds.length === 0) return Promise.resolve([]);
      return db
        .select({ photoId: photoLikes.photoId, guestName: albumGuests.name, createdAt: photoLikes.createdAt })
        .from(photoLikes)
        .innerJoin(albumGuests, eq(albumGuests.id, photoLikes.guestId))
        .where(inArray(photoLikes.photoId, photoIds))
        .orderBy(asc(photoLikes.createdAt));
    },

    commentsOf(photoIds: string[]) {
      if (photoIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(photoComments)
        .where(inArray(photoComments.photoId, photoIds))
        .orderBy(asc(photoComments.createdAt), asc(photoComments.id));
    },

    /**
     * Puts the album's listed photos in `state` in one transaction and answers each with the state it
     * had, so the caller knows which became visible; ids not in the album are left alone.
     */
    async setPhotoStates(albumId: string, photoIds: string[], state: PhotoState) {
      if (photoIds.length === 0) return [];
      return db.transaction(async (tx) => {
        const inAlbum = and(eq(albumPhotos.albumId, albumId), inArray(albumPhotos.id, photoIds));
        const before = await tx
          .select({ id: albumPhotos.id, previous: albumPhotos.status })
          .from(albumPhotos)
          .where(inAlbum)
          .for('update');
        if (before.length > 0) await tx.update(albumPhotos).set({ status: state }).where(inAlbum);
        return before;
      });
    },

    /** Deletes the album's listed photos (likes and comments go with them) in one statement and answers their rows, for their files. */
    deletePhotos(albumId: string, photoIds: string[]) {
      if (photoIds.length === 0) return Promise.resolve([]);
      return db
        .delete(albumPhotos)
        .where(and(eq(albumPhotos.albumId, albumId), inArray(albumPhotos.id, photoIds)))
        .returning();
    },

    /** The ids of every photo in a state and section (or all), in the grid's order: the host's "select all". */
    async photoIds(albumId: string, state: PhotoState | undefined, section: string | undefined, limit: number) {
      const rows = await db
        .select({ id: albumPhotos.id })
        .from(albumPhotos)
        .where(inState(albumId, state, section))
        .orderBy(...newestShotFirst)
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Deletes a comment on one of the album's photos; false when there is no such comment. */
    async deleteComment(albumId: string, commentId: string) {
      const rows = await db
        .delete(photoComments)
        .where(
          and(
            eq(photoComments.id, commentId),
            inArray(
              photoComments.photoId,
              db.select({ id: albumPhotos.id }).from(albumPhotos).where(eq(albumPhotos.albumId, albumId)),
            ),
          ),
        )
        .returning({ id: photoComments.id });
      return rows.length > 0;
    },

    uploadsPerDay(albumId: string) {
      return db
        .select({ date: day(albumPhotos.uploadedAt), count: count() })
        .from(albumPhotos)
        .where(eq(albumPhotos.albumId, albumId))
        .groupBy(sql`1`)
        .orderBy(sql`1`);
    },

    topContributors(albumId: string, limit = 10) {
      return db
        .select({ name: albumPhotos.uploadedByName, uploads: count() })
        .from(albumPhotos)
        .where(eq(albumPhotos.albumId, albumId))
        .groupBy(albumPhotos.uploadedByName)
        .orderBy(desc(count()), asc(albumPhotos.uploadedByName))
        .limit(limit);
    },

    likesPerDay(albumId: string) {
      return db
        .select({ date: day(photoLikes.createdAt), count: count() })
        .from(photoLikes)
        .innerJoin(albumPhotos, eq(albumPhotos.id, photoLikes.photoId))
        .where(eq(albumPhotos.albumId, albumId))
        .groupBy(sql`1`)
        .orderBy(sql`1`);
    },
  };
}

export type HostPhotosRepository = ReturnType<typeof createHostPhotosRepository>;
