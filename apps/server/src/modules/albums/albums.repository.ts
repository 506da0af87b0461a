import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  albums,
  customizations,
  itineraryEntries,
  type AlbumRow,
  type ItineraryEntryRow,
} from '../../db/schema/index.js';

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
  enablePublicGuestbook: boolean;
  fontType: string;
  timeZone: string;
  itinerary: ItineraryEntryRow[];
}

/** The album's own reads: by id or by its guest code, with what guests see of the event. */
export function createAlbumsRepository(db: Database) {
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
        enablePublicGuestbook: customizations.enablePublicGuestbook,
        fontType: customizations.fontType,
        timeZone: customizations.timeZone,
      })
      .from(albums)
      .innerJoin(customizations, eq(customizations.id, albums.customizationId));

  /** The album with its itinerary, which guests see under the album's header. */
  const withItinerary = async (
    row: Omit<GuestAlbumRow, 'itinerary'> | undefined,
  ): Promise<GuestAlbumRow | undefined> => {
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
  };
}

export type AlbumsRepository = ReturnType<typeof createAlbumsRepository>;
