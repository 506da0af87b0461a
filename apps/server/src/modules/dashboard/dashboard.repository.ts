import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albumGuests, albums, customizations, orders, trackingEvents } from '../../db/schema/index.js';

const day = (column: unknown) => sql<string>`to_char(date_trunc('day', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;

/**
 * The host's reads over albums they own (the access policy checks ownership). The album itself, its
 * event and itinerary, is the one cached read the policy granted (albums module); its photos are the
 * host-photos module's (modules/host-photos/host-photos.repository.ts).
 */
export function createDashboardRepository(db: Database) {
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

    /** What only the host's detail shows of an album, beyond what guests see: its order and design switches. */
    async findHostFields(albumId: string) {
      const [row] = await db
        .select({
          enableParejas: customizations.enableParejas,
          fontHeight: customizations.fontHeight,
          enableNotices: customizations.enableNotices,
          completedAt: orders.completedAt,
          orderedAt: orders.createdAt,
        })
        .from(albums)
        .innerJoin(customizations, eq(customizations.id, albums.customizationId))
        .innerJoin(orders, eq(orders.id, albums.orderId))
        .where(eq(albums.id, albumId));
      return row;
    },

    async countGuests(albumId: string) {
      const [row] = await db.select({ n: count() }).from(albumGuests).where(eq(albumGuests.albumId, albumId));
      return row?.n ?? 0;
    },

    /** Album views: the web client's `album_view` tracking events that name the album. */
    viewsPerDay(albumId: string) {
      return db
        .select({ date: day(trackingEvents.receivedAt), count: count() })
        .from(trackingEvents)
        .where(
          and(eq(trackingEvents.eventType, 'album_view'), sql`${trackingEvents.eventData}->>'albumId' = ${albumId}`),
        )
        .groupBy(sql`1`)
        .orderBy(sql`1`);
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
