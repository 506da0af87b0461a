import type { PlaybackFailure } from '@momentos/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albumPhotos, albums, type PackageSnapshot } from '../../db/schema/index.js';

const changed = { albumId: albumPhotos.albumId, status: albumPhotos.status };

/** The playback copy's columns of `album_photos` (the job's own row is platform/jobs/job-queue.ts's). */
export function createVideoPlaybackRepository(db: Database) {
  return {
    /** What a worker needs to make the copy: the original's key and the album's plan. */
    async findSource(photoId: string) {
      const [row] = await db
        .select({
          albumId: albumPhotos.albumId,
          originalKey: albumPhotos.originalKey,
          mimeType: albumPhotos.mimeType,
          snapshot: albums.packageSnapshot,
        })
        .from(albumPhotos)
        .innerJoin(albums, eq(albums.id, albumPhotos.albumId))
        .where(and(eq(albumPhotos.id, photoId), eq(albumPhotos.kind, 'video')));
      return row && { ...row, snapshot: row.snapshot as PackageSnapshot };
    },

    async findInAlbum(albumId: string, photoId: string) {
      const [row] = await db
        .select()
        .from(albumPhotos)
        .where(and(eq(albumPhotos.id, photoId), eq(albumPhotos.albumId, albumId)));
      return row;
    },

    /** The copy is in place; undefined when the video was deleted meanwhile. */
    async markReady(tx: Database, photoId: string, copy: { playbackKey: string; durationMs: number | null }) {
      const [row] = await tx
        .update(albumPhotos)
        .set({ playbackState: 'ready', playbackFailure: null, ...copy })
        .where(eq(albumPhotos.id, photoId))
        .returning(changed);
      return row;
    },

    async markFailed(tx: Database, photoId: string, reason: PlaybackFailure) {
      const [row] = await tx
        .update(albumPhotos)
        .set({ playbackState: 'failed', playbackFailure: reason })
        .where(eq(albumPhotos.id, photoId))
        .returning(changed);
      return row;
    },

    /** A failed video of this album goes back to processing (the host's "try again"); undefined otherwise. */
    async markProcessingAgain(tx: Database, albumId: string, photoId: string) {
      const [row] = await tx
        .update(albumPhotos)
        .set({ playbackState: 'processing', playbackFailure: null })
        .where(
          and(
            eq(albumPhotos.id, photoId),
            eq(albumPhotos.albumId, albumId),
            eq(albumPhotos.kind, 'video'),
            eq(albumPhotos.playbackState, 'failed'),
          ),
        )
        .returning(changed);
      return row;
    },
  };
}

export type VideoPlaybackRepository = ReturnType<typeof createVideoPlaybackRepository>;
