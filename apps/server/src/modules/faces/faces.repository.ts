import { and, count, eq, isNull, max, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albumPhotos, albums, customizations, facePeople, mediaJobs, photoFaces } from '../../db/schema/index.js';
import { MEDIA_JOBS_CHANNEL } from '../../platform/jobs/job-queue.js';

export interface NewFace {
  box: [number, number, number, number];
  score: number;
  descriptor: Buffer;
}

const faceSearchOn = (albumId: string) => sql`exists (
  select 1 from ${albums} a join ${customizations} c on c.id = a.customization_id
  where a.id = ${albumId} and c.enable_face_search)`;

async function isOn(executor: Pick<Database, 'execute'>, albumId: string): Promise<boolean> {
  const result = await executor.execute(sql`select ${faceSearchOn(albumId)} as is_on`);
  return (result as unknown as { rows: { is_on: boolean }[] }).rows[0]?.is_on === true;
}

/** Every query of "Find me": the album's faces, its face jobs and its switch. */
export function createFacesRepository(db: Database) {
  return {
    /** What indexing a photo reads: its album, its display rendition, and whether the album still wants faces. */
    async findIndexSource(photoId: string) {
      const [row] = await db
        .select({
          albumId: albumPhotos.albumId,
          displayKey: albumPhotos.displayKey,
          isOn: customizations.enableFaceSearch,
        })
        .from(albumPhotos)
        .innerJoin(albums, eq(albums.id, albumPhotos.albumId))
        .innerJoin(customizations, eq(customizations.id, albums.customizationId))
        .where(eq(albumPhotos.id, photoId));
      return row;
    },

    /** Replaces the photo's faces (a retried job writes them once); nothing when the switch went off meanwhile. */
    async replaceFaces(tx: Database, albumId: string, photoId: string, faces: NewFace[], model: string) {
      await tx.delete(photoFaces).where(eq(photoFaces.photoId, photoId));
      if (!(await isOn(tx, albumId)) || faces.length === 0) return 0;
      await tx.insert(photoFaces).values(
        faces.map(({ box: [boxX, boxY, boxWidth, boxHeight], score, descriptor }) => ({
          albumId,
          photoId,
          boxX,
          boxY,
          boxWidth,
          boxHeight,
          score,
          descriptor,
          model,
        })),
      );
      return faces.length;
    },

    /**
     * Queues indexing for every photo of the album that has no face job (the switch turned on), and
     * wakes the workers when the transaction commits (a NOTIFY is sent at commit).
     */
    async queueAlbum(tx: Database, albumId: string) {
      await tx.execute(sql`
        insert into media_jobs (photo_id, kind)
        select id, 'face-index' from album_photos where album_id = ${albumId}
        on conflict (photo_id, kind) do nothing`);
      await tx.execute(sql`select pg_notify(${MEDIA_JOBS_CHANNEL}, '')`);
    },

    /** Queues a new photo's indexing in the transaction that inserts it, when its album has the switch on. */
    async queuePhoto(tx: Database, albumId: string, photoId: string) {
      const result = await tx.execute(sql`
        insert into media_jobs (photo_id, kind)
        select ${photoId}::uuid, 'face-index' where ${faceSearchOn(albumId)}
        on conflict (photo_id, kind) do nothing
        returning id`);
      if ((result as { rows: unknown[] }).rows.length > 0) {
        await tx.execute(sql`select pg_notify(${MEDIA_JOBS_CHANNEL}, '')`);
      }
    },

    /**
     * Forgets the album's faces (the switch turned off): its face jobs first, so a job finishing
     * meanwhile either committed before (and its rows are deleted next) or finds its lease gone.
     */
    async forgetAlbum(tx: Database, albumId: string) {
      await tx.execute(sql`
        delete from media_jobs where kind = 'face-index'
        and photo_id in (select id from album_photos where album_id = ${albumId})`);
      await tx.delete(photoFaces).where(eq(photoFaces.albumId, albumId));
      await tx.delete(facePeople).where(eq(facePeople.albumId, albumId));
    },

    /**
     * Changes when the album's searchable faces do: a face written raises the newest time, a deleted
     * photo lowers the count, and hiding or showing a person changes the count of hidden faces.
     */
    async facesStamp(albumId: string): Promise<string> {
      const [row] = await db
        .select({
          n: count(),
          newest: max(photoFaces.createdAt),
          hidden: sql<number>`count(*) filter (where ${facePeople.hidden})`.mapWith(Number),
        })
        .from(photoFaces)
        .leftJoin(facePeople, eq(facePeople.id, photoFaces.personId))
        .where(eq(photoFaces.albumId, albumId));
      return `${row?.n ?? 0}:${row?.newest?.getTime() ?? 0}:${row?.hidden ?? 0}`;
    },

    /** The album's faces a guest may be found in: those of people the host has not hidden. */
    async listSearchableFaces(albumId: string) {
      return db
        .select({ photoId: photoFaces.photoId, descriptor: photoFaces.descriptor })
        .from(photoFaces)
        .leftJoin(facePeople, eq(facePeople.id, photoFaces.personId))
        .where(and(eq(photoFaces.albumId, albumId), or(isNull(facePeople.id), eq(facePeople.hidden, false))));
    },

    /** "412 of 1,500": the album's photos, those indexed (done), and the faces found. */
    async progress(albumId: string) {
      const [photos] = await db.select({ n: count() }).from(albumPhotos).where(eq(albumPhotos.albumId, albumId));
      const [indexed] = await db
        .select({ n: count() })
        .from(mediaJobs)
        .innerJoin(albumPhotos, eq(albumPhotos.id, mediaJobs.photoId))
        .where(and(eq(albumPhotos.albumId, albumId), eq(mediaJobs.kind, 'face-index'), eq(mediaJobs.state, 'done')));
      const [faces] = await db.select({ n: count() }).from(photoFaces).where(eq(photoFaces.albumId, albumId));
      return { total: photos?.n ?? 0, indexed: indexed?.n ?? 0, faces: faces?.n ?? 0 };
    },

    isOn: (albumId: string) => isOn(db, albumId),
  };
}

export type FacesRepository = ReturnType<typeof createFacesRepository>;
