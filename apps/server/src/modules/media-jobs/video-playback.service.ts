import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PLAN_LIMITS, type VideoPlayback } from '@momentos/contract';
import type { Database } from '../../db/client.js';
import type { AlbumPhotoRow, PackageSnapshot } from '../../db/schema/index.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import type { ClaimedJob, JobQueue } from '../../platform/jobs/job-queue.js';
import type { JobHandler } from '../../platform/jobs/job-worker.js';
import { createGuestCopies, guestCopyKey } from '../../platform/media/guest-copies.js';
import { inspectVideo } from '../../platform/media/video-probe.js';
import { TranscodeError, transcodeForPlayback } from '../../platform/media/video-transcode.js';
import type { AlbumEvents } from '../albums/index.js';
import { AppError } from '../../platform/http/app-error.js';
import { createVideoPlaybackRepository } from './video-playback.repository.js';

export interface VideoPlaybackDeps {
  db: Database;
  queue: JobQueue;
  blobStore: BlobStore;
  /** Open albums and slideshows hear that a copy is ready (or failed) and refresh that video. */
  events: Pick<AlbumEvents, 'publish'>;
  ffmpegPath: string;
  ffprobePath: string;
  /** ffmpeg's bounds per copy. */
  timeoutMs: number;
  memoryBytes: number;
  maxAttempts?: number;
}

/** Plans that include Full HD (`PLAN_LIMITS`), and albums with the Full HD add-on, get 1080p copies; the rest 720p. */
export const playbackShortSide = (snapshot: Pick<PackageSnapshot, 'tier' | 'addons'>) =>
  PLAN_LIMITS[snapshot.tier].fullHdVideos || snapshot.addons.includes('full_hd_videos') ? 1080 : 720;

/** How a video row's copy reads in the contract; null for photos. */
export function playbackOf(photo: AlbumPhotoRow): VideoPlayback | null {
  if (photo.kind !== 'video') return null;
  return {
    state: photo.playbackState ?? 'processing',
    failure: photo.playbackState === 'failed' ? (photo.playbackFailure ?? 'failed') : null,
    durationMs: photo.durationMs,
  };
}

async function removeEarlierAttempts(stagingDir: string, jobId: string) {
  const names = await fsp.readdir(stagingDir).catch(() => [] as string[]);
  const earlier = names.filter((name) => name.startsWith(`playback-${jobId}-`));
  await Promise.all(earlier.map((name) => fsp.rm(path.join(stagingDir, name), { force: true })));
}

/** A retry cannot help a machine without ffmpeg or a clip ffmpeg cannot decode; the host can still ask. */
const isRetryable = (error: unknown) =>
  !(error instanceof TranscodeError && (error.reason === 'no-ffmpeg' || error.reason === 'unreadable'));

/**
 * Videos' playback copies (PRODUCT.md, "Videos"): every uploaded video gets a `video-playback` job
 * in the same transaction as its row; a worker (job-worker.ts, in the web server or `npm run worker`)
 * fetches the original from the store to the staging disk, has ffmpeg make the copy within its
 * bounds, checks that the result is H.264, stores it beside the original and marks the video ready in
 * the transaction that completes the job. The original is never touched; the copy of it that guests
 * are served without its metadata (guest-copies.ts) is made here too.
 */
export function createVideoPlayback(deps: VideoPlaybackDeps) {
  const { db, queue, blobStore, events, maxAttempts = 3 } = deps;
  const repo = createVideoPlaybackRepository(db);
  const guestCopies = createGuestCopies(blobStore);
  const announce = (row: { albumId: string } | undefined, photoId: string) => {
    if (row) events.publish(row.albumId, { type: 'video', photoId });
  };

  async function makeCopy(job: ClaimedJob, signal: AbortSignal) {
    const source = await repo.findSource(job.subjectId);
    // The video was deleted (its job row goes with it): nothing is left to do or to write.
    if (!source) return;
    // `.partial`, so the start-up sweep removes what a crash left (sweep-partials.ts); an earlier
    // attempt of this job that died with its server left its files here too, and they go now.
    await fsp.mkdir(blobStore.stagingDir, { recursive: true });
    await removeEarlierAttempts(blobStore.stagingDir, job.id);
    const work = path.join(blobStore.stagingDir, `playback-${job.id}-${job.leaseToken}`);
    const [input, output] = [`${work}.source.partial`, `${work}.mp4.partial`];
    try {
      const original = await blobStore.get(source.originalKey);
      if (!original) throw new TranscodeError('failed', `the original ${source.originalKey} is missing`);
      await pipeline(original.stream, fs.createWriteStream(input), { signal });
      // The guests' copy of the original (no location, no device) from the file at hand, before the
      // transcode that may fail: without ffmpeg it is what guests play. Made again at their first
      // request if this one could not be.
      await guestCopies.storeFrom(input, source.originalKey, source.mimeType);
      await transcodeForPlayback(input, output, {
        ffmpegPath: deps.ffmpegPath,
        maxShortSide: playbackShortSide(source.snapshot),
        timeoutMs: deps.timeoutMs,
        memoryBytes: deps.memoryBytes,
        signal,
      });
      const facts = await inspectVideo(output, undefined, { ffprobePath: deps.ffprobePath });
      if (facts.verdict === 'video' && facts.codec !== 'h264') {
        throw new TranscodeError('failed', `the copy came out as ${facts.codec ?? 'an unknown codec'}`);
      }
      const playbackKey = `albums/${source.albumId}/${job.subjectId}/playback.mp4`;
      await blobStore.putFile(playbackKey, output, 'video/mp4');
      const row = await queue.complete(job, (tx) =>
        repo.markReady(tx, job.subjectId, { playbackKey, durationMs: facts.durationMs ?? null }),
      );
      if (!row) await Promise.all([blobStore.delete(playbackKey), blobStore.delete(guestCopyKey(source.originalKey))]);
      announce(row, job.subjectId);
    } finally {
      await Promise.all([fsp.rm(input, { force: true }), fsp.rm(output, { force: true })]);
    }
  }

  const handler: JobHandler = {
    kind: 'video-playback',
    maxAttempts,
    run: makeCopy,
    isRetryable,
    async giveUp(job, error) {
      const reason = error instanceof TranscodeError ? error.reason : 'failed';
      const message = error instanceof Error ? error.message : String(error);
      const row = await queue.giveUp(job, message.slice(0, 2000), (tx) => repo.markFailed(tx, job.subjectId, reason));
      announce(row, job.subjectId);
    },
  };

  return {
    handler,

    /** Queues a new video's copy inside the transaction that inserts its row. */
    async queueFor(tx: Database, photo: AlbumPhotoRow) {
      if (photo.kind === 'video') await queue.enqueue(photo.id, 'video-playback', tx);
    },

    /**
     * Wakes the workers once the inserting transaction has committed. Only a hint: if it is lost,
     * a worker's next poll finds the job, so a failed notice must not fail the stored upload.
     */
    wakeWorkers: () => queue.announce().catch(() => undefined),

    /** The host asks again for a failed video's copy; a video processing or ready is left as it is. */
    async retry(albumId: string, photoId: string): Promise<VideoPlayback> {
      const row = await db.transaction(async (tx) => {
        const again = await repo.markProcessingAgain(tx as Database, albumId, photoId);
        if (again) await queue.enqueue(photoId, 'video-playback', tx);
        return again;
      });
      if (row) {
        await queue.announce();
        announce(row, photoId);
        return { state: 'processing', failure: null, durationMs: null };
      }
      const photo = await repo.findInAlbum(albumId, photoId);
      const playback = photo && playbackOf(photo);
      if (!playback) throw AppError.notFound('Video not found');
      return playback;
    },
  };
}

export type VideoPlaybackService = ReturnType<typeof createVideoPlayback>;
