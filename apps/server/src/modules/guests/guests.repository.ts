import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albumGuests, albums, type AlbumGuestRow } from '../../db/schema/index.js';

export function createGuestsRepository(db: Database) {
  return {
    async findGuestByTokenHash(tokenHash: string): Promise<AlbumGuestRow | undefined> {
      const [row] = await db.select().from(albumGuests).where(eq(albumGuests.tokenHash, tokenHash));
      return row;
    },

    /**
     * Adds a guest unless the album already has `guestLimit`. The album row is locked first, so
     * concurrent joins queue on it and the count they see is final.
     */
    async addGuestWithinLimit(
      values: { albumId: string; name: string; tokenHash: string },
      guestLimit: number,
    ): Promise<AlbumGuestRow | undefined> {
      return db.transaction(async (tx) => {
        await tx.select({ id: albums.id }).from(albums).where(eq(albums.id, values.albumId)).for('update');
        const [row] = await tx.select({ n: count() }).from(albumGuests).where(eq(albumGuests.albumId, values.albumId));
        if ((row?.n ?? 0) >= guestLimit) return undefined;
        const [guest] = await tx.insert(albumGuests).values(values).returning();
        return guest;
      });
    },
  };
}

export type GuestsRepository = ReturnType<typeof createGuestsRepository>;
