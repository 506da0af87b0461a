import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albumPhotos, albums, type AlbumPhotoRow, type PackageSnapshot } from '../../db/schema/index.js';
import { findPhotoInAlbum } from '../album-photos/index.js';

export type NewPhoto = typeof albumPhotos.$inferInsert & { id: string };
export type InsertPhotoResult<Refusal> =
  | { kind: 'inserted'; photo: AlbumPhotoRow }
  | { kind: 'duplicate'; photo: AlbumPhotoRow }
  | { kind: 'refused'; refusal: Refusal };
/** Decides, under the album's lock, whether one more file of the photo's kind may join (upload-policy.ts). */
export type AdmissionRule<Refusal> = (snapshot: PackageSnapshot, taken: number) => Refusal | undefined;

/** What receiving an upload reads and writes of `album_photos`: the duplicate, the plan's room, the insert. */
export function createUploadsRepository(db: Database) {
  const findByHash = async (tx: Database, albumId: string, contentHash: string) => {
    const [row] = await tx
      .select()
      .from(albumPhotos)
      .where(and(eq(albumPhotos.albumId, albumId), eq(albumPhotos.contentHash, contentHash)));
    return row;
  };

  return {
    findByHash: (albumId: string, contentHash: string) => findByHash(db, albumId, contentHash),
    /** The photo a finished resumable upload became. */
    findInAlbum: (albumId: string, photoId: string) => findPhotoInAlbum(db, albumId, photoId),

    /**
     * Inserts the photo row unless `refusalOf` refuses it, given the album's plan and how many
     * files of the photo's kind the album holds. The album row is locked first so concurrent
     * uploads see each other's rows; a file already in the album (same hash) answers the stored photo.
     */
    async insertWithinLimits<Refusal>(
      photo: NewPhoto,
      refusalOf: AdmissionRule<Refusal>,
      /** Runs in the inserting transaction (a video's playback job lands with its row or not at all). */
      afterInsert?: (tx: Database, photo: AlbumPhotoRow) => Promise<void>,
    ): Promise<InsertPhotoResult<Refusal>> {
      return db.transaction(async (tx) => {
        const [album] = await tx
          .select({ snapshot: albums.packageSnapshot })
          .from(albums)
          .where(eq(albums.id, photo.albumId))
          .for('update');
        const snapshot = album?.snapshot as PackageSnapshot;
        const kind = photo.kind ?? 'photo';
        // One read under the lock for both questions: is the file already here, and how many of its kind are.
        const [state] = await tx
          .select({
            taken: sql<number>`count(*) filter (where ${albumPhotos.kind} = ${kind})`.mapWith(Number),
            holdsSameFile: sql<boolean>`coalesce(bool_or(${albumPhotos.contentHash} = ${photo.contentHash}), false)`,
          })
          .from(albumPhotos)
          .where(eq(albumPhotos.albumId, photo.albumId));
        if (state?.holdsSameFile) {
          const existing = await findByHash(tx as Database, photo.albumId, photo.contentHash);
          return { kind: 'duplicate' as const, photo: existing! };
        }
        const refusal = refusalOf(snapshot, state?.taken ?? 0);
        if (refusal !== undefined) return { kind: 'refused' as const, refusal };
        const [inserted] = await tx.insert(albumPhotos).values(photo).returning();
        await afterInsert?.(tx as Database, inserted!);
        return { kind: 'inserted' as const, photo: inserted as AlbumPhotoRow };
      });
    },

    /** The album's photos and videos so far, in every state (for refusing a resumable upload early). */
    async countMedia(albumId: string): Promise<{ photos: number; videos: number }> {
      const rows = await db
        .select({ kind: albumPhotos.kind, n: count() })
        .from(albumPhotos)
        .where(eq(albumPhotos.albumId, albumId))
        .groupBy(albumPhotos.kind);
      return {
        photos: rows.find((row) => row.kind === 'photo')?.n ?? 0,
        videos: rows.find((row) => row.kind === 'video')?.n ?? 0,
      };
    },

    /** Which of these photo ids have a row (the others' folders are leftovers). */
    async existingIds(photoIds: string[]): Promise<Set<string>> {
      if (photoIds.length === 0) return new Set();
      const rows = await db.select({ id: albumPhotos.id }).from(albumPhotos).where(inArray(albumPhotos.id, photoIds));
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
