import { and, asc, count, desc, eq, inArray, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  albumGuests,
  albumPhotos,
  albums,
  customizations,
  itineraryEntries,
  orders,
  photoComments,
  photoLikes,
  trackingEvents,
  type AlbumPhotoRow,
} from '../../db/schema/index.js';

export type PhotoState = AlbumPhotoRow['status'];

const day = (column: unknown) => sql<string>`to_char(date_trunc('day', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;

/** The host's reads and writes over albums they own. Ownership is checked by the service. */
export function createEventsRepository(db: Database) {
  return {
    /** The caller's albums with their customization and order, newest first. */
    listAlbumsOfUser(userId: string) {
      return db
        .select({ album: albums, customization: customizations, order: orders })
        .from(albums)
        .innerJoin(customizations, eq(customizations.id, albums.customizationId))
        .innerJoin(orders, eq(orders.id, albums.orderId))
        .where(eq(albums.userId, userId))
        .orderBy(desc(albums.createdAt), desc(albums.id));
    },

    listOrdersOfUser(userId: string) {
      return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
    },

    async findAlbum(albumId: string) {
      const [row] = await db
        .select({ album: albums, customization: customizations, order: orders })
        .from(albums)
        .innerJoin(customizations, eq(customizations.id, albums.customizationId))
        .innerJoin(orders, eq(orders.id, albums.orderId))
        .where(eq(albums.id, albumId));
      return row;
    },

    listItinerary(customizationId: string) {
      return db.select().from(itineraryEntries).where(eq(itineraryEntries.customizationId, customizationId)).orderBy(asc(itineraryEntries.position), asc(itineraryEntries.createdAt));
    },

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
      const [guests] = await db.select({ n: count() }).from(albumGuests).where(eq(albumGuests.albumId, albumId));
      const [likes] = await db.select({ n: count() }).from(photoLikes).innerJoin(albumPhotos, eq(albumPhotos.id, photoLikes.photoId)).where(eq(albumPhotos.albumId, albumId));
      const [comments] = await db.select({ n: count() }).from(photoComments).innerJoin(albumPhotos, eq(albumPhotos.id, photoComments.photoId)).where(eq(albumPhotos.albumId, albumId));
      return {
        // Photos and videos count against separate plan limits, in every state (as uploads are checked).
        photos: (photos?.total ?? 0) - (photos?.videos ?? 0),
        videos: photos?.videos ?? 0,
        pending: photos?.pending ?? 0,
        hidden: photos?.hidden ?? 0,
        bytes: photos?.bytes ?? 0,
        guests: guests?.n ?? 0,
        likes: likes?.n ?? 0,
        comments: comments?.n ?? 0,
      };
    },

    async countPhotos(albumId: string, state: PhotoState | undefined) {
      const [row] = await db
        .select({ n: count() })
        .from(albumPhotos)
        .where(and(eq(albumPhotos.albumId, albumId), state ? eq(albumPhotos.status, state) : undefined));
      return row?.n ?? 0;
    },

    /** A page of the album's photos in every state (or one), newest first. */
    listPhotos(albumId: string, state: PhotoState | undefined, page: number, pageSize: number) {
      return db
        .select()
        .from(albumPhotos)
        .where(and(eq(albumPhotos.albumId, albumId), state ? eq(albumPhotos.status, state) : undefined))
        .orderBy(desc(albumPhotos.uploadedAt), desc(albumPhotos.id))
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
      return db.select().from(photoComments).where(inArray(photoComments.photoId, photoIds)).orderBy(asc(photoComments.createdAt), asc(photoComments.id));
    },

    async findPhoto(albumId: string, photoId: string) {
      const [row] = await db.select().from(albumPhotos).where(and(eq(albumPhotos.id, photoId), eq(albumPhotos.albumId, albumId)));
      return row;
    },

    async setPhotoState(photoId: string, state: PhotoState) {
      await db.update(albumPhotos).set({ status: state }).where(eq(albumPhotos.id, photoId));
    },

    /** Deletes the row (likes and comments go with it) and answers it, for its files to be removed. */
    async deletePhoto(albumId: string, photoId: string) {
      const [row] = await db.delete(albumPhotos).where(and(eq(albumPhotos.id, photoId), eq(albumPhotos.albumId, albumId))).returning();
      return row;
    },

    /** Deletes a comment on one of the album's photos; false when there is no such comment. */
    async deleteComment(albumId: string, commentId: string) {
      const rows = await db
        .delete(photoComments)
        .where(and(eq(photoComments.id, commentId), inArray(photoComments.photoId, db.select({ id: albumPhotos.id }).from(albumPhotos).where(eq(albumPhotos.albumId, albumId)))))
        .returning({ id: photoComments.id });
      return rows.length > 0;
    },

    /** Every photo of the album in upload order, for the ZIP. */
    allPhotos(albumId: string) {
      return db.select().from(albumPhotos).where(eq(albumPhotos.albumId, albumId)).orderBy(asc(albumPhotos.uploadedAt), asc(albumPhotos.id));
    },

    async saveCrc32(photoId: string, variant: 'original' | 'display', value: number) {
      await db
        .update(albumPhotos)
        .set(variant === 'original' ? { originalCrc32: value } : { displayCrc32: value })
        .where(eq(albumPhotos.id, photoId));
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

    /** Album views: the web client's `album_view` tracking events that name the album. */
    viewsPerDay(albumId: string) {
      return db
        .select({ date: day(trackingEvents.receivedAt), count: count() })
        .from(trackingEvents)
        .where(and(eq(trackingEvents.eventType, 'album_view'), sql`${trackingEvents.eventData}->>'albumId' = ${albumId}`))
        .groupBy(sql`1`)
        .orderBy(sql`1`);
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
