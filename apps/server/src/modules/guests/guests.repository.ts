import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albumGuests, albums, customizations, itineraryEntries, type AlbumGuestRow, type AlbumRow, type ItineraryEntryRow } from '../../db/schema/index.js';

/** An album as guests see it: its own row plus what its customization says about the event. */
export interface GuestAlbumRow {
  album: AlbumRow;
  eventName: string;
  eventDate: string | null;
  eventLocation: string;
  eventDescription: string;
  coverImageUrl: string;
  musicUrl: string;
  enableVerification: boolean;
  enableGuestDownloads: boolean;
  fontType: string;
  timeZone: string;
  itinerary: ItineraryEntryRow[];
}

export function createGuestsRepository(db: Database) {
  const selectAlbum = () =>
    db
      .select({
        album: albums,
        eventName: customizations.eventName,
        eventDate: customizations.eventDate,
        eventLocation: customizations.eventLocation,
        eventDescription: customizations.eventDescription,
        coverImageUrl: customizations.coverImageUrl,
        musicUrl: customizations.musicUrl,
        enableVerification: customizations.enableVerification,
        enableGuestDownloads: customizations.enableGuestDownloads,
        fontType: customizations.fontType,
        timeZone: customizations.timeZone,
      })
      .from(albums)
      .innerJoin(customizations, eq(customizations.id, albums.customizationId));

  /** The album with its itinerary, which guests see under the album's header. */
  const withItinerary = async (row: Omit<GuestAlbumRow, 'itinerary'> | undefined): Promise<GuestAlbumRow | undefined> => {
    if (!row) return undefined;
    const itinerary = await db
      .select()
      .from(itineraryEntries)
      .where(eq(itineraryEntries.customizationId, row.album.customizationId))
      .orderBy(asc(itineraryEntries.position), asc(itineraryEntries.createdAt));
    return { ...row, itinerary };
  };

  return {
    async findAlbumByCode(accessCode: string): Promise<GuestAlbumRow | undefined> {
      const [row] = await selectAlbum().where(eq(albums.accessCode, accessCode));
      return withItinerary(row);
    },

    async findAlbum(albumId: string): Promise<GuestAlbumRow | undefined> {
      const [row] = await selectAlbum().where(eq(albums.id, albumId));
      return withItinerary(row);
    },

    async findGuestByTokenHash(tokenHash: string): Promise<AlbumGuestRow | undefined> {
      const [row] = await db.select().from(albumGuests).where(eq(albumGuests.tokenHash, tokenHash));
      return row;
    },

    /**
     * Adds a guest unless the album already has `guestLimit`. The album row is locked first, so
     * concurrent joins queue on it and the count they see is final.
     */
    async addGuestWithinLimit(values: { albumId: string; name: string; tokenHash: string }, guestLimit: number): Promise<AlbumGuestRow | undefined> {
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
