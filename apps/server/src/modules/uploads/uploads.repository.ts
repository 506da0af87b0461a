import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albumPhotos, albums, albumSections, type AlbumPhotoRow, type PackageSnapshot } from '../../db/schema/index.js';
import { findPhotoInAlbum } from '../album-photos/index.js';

export type NewPhoto = typeof albumPhotos.$inferInsert & { id: string };
export type InsertPhotoResult<Refusal> =
  | { kind: 'inserted'; photo: AlbumPhotoRow }
  | { kind: 'duplicate'; photo: AlbumPhotoRow }
  | { kind: 'refused'; refusal: Refusal }
  | { kind: 'missing-section' };
/** What to do with a photo whose section is not (or no longer) the album's: refuse it, or file it in the main part. */
export type MissingSection = 'refuse' | 'main';
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

  /** Whether the section is one of the album's (sections' writes lock the album row, as the insert does). */
  const sectionIn = (albumId: string, sectionId: string | null | undefined) =>
    sectionId
      ? sql<boolean>`exists (select 1 from ${albumSections} where ${albumSections.id} = ${sectionId} and ${albumSections.albumId} = ${albumId})`
      : sql<boolean>`true`;

  return {
    findByHash: (albumId: string, contentHash: string) => findByHash(db, albumId, contentHash),
    /** The photo a finished resumable upload became. */
    findInAlbum: (albumId: string, photoId: string) => findPhotoInAlbum(db, albumId, photoId),

    /**
     * Inserts the photo row unless `refusalOf` refuses it, given the album's plan and how many
     * files of the photo's kind the album holds. The album row is locked first so concurrent
     * uploads see each other's rows: this is the upload's one decision on its file (a copy already
     * in the album, same hash, answers the stored photo), its section and the plan.
     */
    async insertWithinLimits<Refusal>(
      photo: NewPhoto,
      refusalOf: AdmissionRule<Refusal>,
      /** Runs in the inserting transaction (a video's playback job lands with its row or not at all). */
      afterInsert?: (tx: Database, photo: AlbumPhotoRow) => Promise<void>,
      missingSection: MissingSection = 'refuse',
    ): Promise<InsertPhotoResult<Refusal>> {
      return db.transaction(async (tx) => {
        const [album] = await tx
          .select({ snapshot: albums.packageSnapshot })
          .from(albums)
          .where(eq(albums.id, photo.albumId))
          .for('update');
        const snapshot = album?.snapshot as PackageSnapshot;
        const kind = photo.kind ?? 'photo';
        // One read under the lock for every question: is the file already here, is its section the
        // album's, and how many of its kind are there.
        const [state] = await tx
          .select({
            taken: sql<number>`count(*) filter (where ${albumPhotos.kind} = ${kind})`.mapWith(Number),
            holdsSameFile: sql<boolean>`coalesce(bool_or(${albumPhotos.contentHash} = ${photo.contentHash}), false)`,
            sectionFound: sectionIn(photo.albumId, photo.sectionId),
          })
          .from(albumPhotos)
          .where(eq(albumPhotos.albumId, photo.albumId));
        if (state?.holdsSameFile) {
          const existing = await findByHash(tx as Database, photo.albumId, photo.contentHash);
          return { kind: 'duplicate' as const, photo: existing! };
        }
        const inSection = state?.sectionFound ?? false;
        if (!inSection && missingSection === 'refuse') return { kind: 'missing-section' as const };
        const refusal = refusalOf(snapshot, state?.taken ?? 0);
        if (refusal !== undefined) return { kind: 'refused' as const, refusal };
        const values = inSection ? photo : { ...photo, sectionId: null };
        const [inserted] = await tx.insert(albumPhotos).values(values).returning();
        await afterInsert?.(tx as Database, inserted!);
        return { kind: 'inserted' as const, photo: inserted as AlbumPhotoRow };
      });
    },

    /**
     * The album's photos and videos so far, in every state, and whether the section is one of its
     * own: one read for refusing a resumable upload early, a hint the insert decides again.
     */
    async admissionHint(
      albumId: string,
      sectionId: string | undefined,
    ): Promise<{ photos: number; videos: number; sectionFound: boolean }> {
      const [row] = await db
        .select({
          photos: sql<number>`count(*) filter (where ${albumPhotos.kind} = 'photo')`.mapWith(Number),
          videos: sql<number>`count(*) filter (where ${albumPhotos.kind} = 'video')`.mapWith(Number),
          sectionFound: sectionIn(albumId, sectionId),
        })
        .from(albumPhotos)
        .where(eq(albumPhotos.albumId, albumId));
      return { photos: row?.photos ?? 0, videos: row?.videos ?? 0, sectionFound: row?.sectionFound ?? false };
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
