import { and, asc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  albumRetiredCodes,
  albums,
  customizations,
  itineraryEntries,
  type GuestAlbumRow,
} from '../../db/schema/index.js';

/** What a change of an album's code came to: `taken` means the new code is held or retired, draw another. */
export type AccessCodeReplacement = 'changed' | 'taken' | 'missing';

/** The album's own reads (by id or by its guest code, with what guests see of the event) and its code's changes. */
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

    /** The album a code belonged to before its host changed it; undefined when the code was never retired. */
    async findAlbumOfRetiredCode(accessCode: string): Promise<string | undefined> {
      const [row] = await db
        .select({ albumId: albumRetiredCodes.albumId })
        .from(albumRetiredCodes)
        .where(eq(albumRetiredCodes.accessCode, accessCode));
      return row?.albumId;
    },

    /** Gives the album `accessCode` and retires the code it had, together. */
    async replaceAccessCode(albumId: string, accessCode: string): Promise<AccessCodeReplacement> {
      return db.transaction(async (tx) => {
        // Locked: of two changes at once, each retires the code it replaced.
        const [current] = await tx
          .select({ accessCode: albums.accessCode })
          .from(albums)
          .where(eq(albums.id, albumId))
          .for('update');
        if (!current) return 'missing';
        const [holder] = await tx
          .select({ id: albums.id })
          .from(albums)
          .where(and(eq(albums.accessCode, accessCode), ne(albums.id, albumId)));
        if (holder || current.accessCode === accessCode) return 'taken';
        // No row when the code is a retired one (migration 0021's trigger skips the write).
        const [updated] = await tx
          .update(albums)
          .set({ accessCode })
          .where(eq(albums.id, albumId))
          .returning({ id: albums.id });
        if (!updated) return 'taken';
        await tx.insert(albumRetiredCodes).values({ accessCode: current.accessCode, albumId }).onConflictDoNothing();
        return 'changed';
      });
    },
  };
}

export type AlbumsRepository = ReturnType<typeof createAlbumsRepository>;
