import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  albumPhotos,
  albums,
  photoComments,
  photoLikes,
  type AlbumPhotoRow,
  type PackageSnapshot,
} from '../../db/schema/index.js';
import type { CommentPosition } from './comment-cursor.js';
import { createHostPhotosRepository, inSection } from './host-photos.repository.js';
import { newestShotFirst } from './photo-order.js';

export type NewPhoto = typeof albumPhotos.$inferInsert & { id: string };
export type InsertPhotoResult<Refusal> =
  | { kind: 'inserted'; photo: AlbumPhotoRow }
  | { kind: 'duplicate'; photo: AlbumPhotoRow }
  | { kind: 'refused'; refusal: Refusal };
/** Decides, under the album's lock, whether one more file of the photo's kind may join (upload-policy.ts). */
export type AdmissionRule<Refusal> = (snapshot: PackageSnapshot, taken: number) => Refusal | undefined;

/** Which photos a reader sees: approved ones, plus their own pending ones (never hidden ones). */
const visibleTo = (albumId: string, guestId: string | undefined, section?: string) =>
  and(
    eq(albumPhotos.albumId, albumId),
    inSection(section),
    guestId
      ? or(eq(albumPhotos.status, 'approved'), and(eq(albumPhotos.status, 'pending'), eq(albumPhotos.guestId, guestId)))
      : eq(albumPhotos.status, 'approved'),
  );

export function createPhotosRepository(db: Database) {
  const findByHash = async (tx: Database, albumId: string, contentHash: string) => {
    const [row] = await tx
      .select()
      .from(albumPhotos)
      .where(and(eq(albumPhotos.albumId, albumId), eq(albumPhotos.contentHash, contentHash)));
    return row;
  };

  return {
    // The host's queries (every state, moderation, figures, the archive) live beside these.
    ...createHostPhotosRepository(db),
    findByHash: (albumId: string, contentHash: string) => findByHash(db, albumId, contentHash),

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

    async countVisible(albumId: string, guestId: string | undefined, section?: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(albumPhotos)
        .where(visibleTo(albumId, guestId, section));
      return row?.n ?? 0;
    },

    /** A page of visible photos (of one section, the main part, or all), newest shot first, with like and comment counts. */
    async listVisible(albumId: string, guestId: string | undefined, page: number, pageSize: number, section?: string) {
      return db
        .select({
          photo: albumPhotos,
          // Spelled out: drizzle drops table names from columns inside select fields, which a
          // correlated subquery needs.
          likes: sql<number>`(select count(*) from photo_likes l where l.photo_id = album_photos.id)`.mapWith(Number),
          comments: sql<number>`(select count(*) from photo_comments c where c.photo_id = album_photos.id)`.mapWith(
            Number,
          ),
          likedByMe: guestId
            ? sql<boolean>`exists (select 1 from photo_likes l where l.photo_id = album_photos.id and l.guest_id = ${guestId})`
            : sql<boolean>`false`,
        })
        .from(albumPhotos)
        .where(visibleTo(albumId, guestId, section))
        .orderBy(...newestShotFirst)
        .limit(pageSize)
        .offset((page - 1) * pageSize);
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

    async findInAlbum(albumId: string, photoId: string): Promise<AlbumPhotoRow | undefined> {
      const [row] = await db
        .select()
        .from(albumPhotos)
        .where(and(eq(albumPhotos.id, photoId), eq(albumPhotos.albumId, albumId)));
      return row;
    },

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

export type PhotosRepository = ReturnType<typeof createPhotosRepository>;
