import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { createJobQueue } from '../../platform/jobs/job-queue.js';
import type { JobHandler, JobWorkerLogger } from '../../platform/jobs/job-worker.js';
import { runWorkers } from '../../platform/jobs/run-workers.js';
import { ffprobeBeside } from '../../platform/media/video-probe.js';
import { hasFfmpeg } from '../../platform/media/video-transcode.js';
import type { AlbumEvents } from '../albums/index.js';
import { createVideoPlayback } from './video-playback.service.js';

export interface MediaJobsDeps {
  database: DatabaseHandle;
  blobStore: BlobStore;
  events: Pick<AlbumEvents, 'publish'>;
  config: Config;
}

/**
 * The media's background work, the same in the web server and in `npm run worker`: the job queue,
 * the videos' playback copies, and the workers that make them (and the other modules' jobs on the
 * same queue, such as the guestbook's voice-note copies, whose handlers are passed in).
 */
export function createMediaJobs({ database, blobStore, events, config }: MediaJobsDeps) {
  const queue = createJobQueue(database.db, { leaseMs: config.MEDIA_JOB_LEASE_SECONDS * 1000 });
  const videoPlayback = createVideoPlayback({
    db: database.db,
    queue,
    blobStore,
    events,
    ffmpegPath: config.FFMPEG_PATH,
    ffprobePath: config.FFPROBE_PATH ?? ffprobeBeside(config.FFMPEG_PATH),
    timeoutMs: config.VIDEO_TRANSCODE_TIMEOUT_SECONDS * 1000,
    memoryBytes: config.VIDEO_TRANSCODE_MEMORY_MB * 1024 * 1024,
  });
  return {
    queue,
    videoPlayback,
    /**
     * Runs `concurrency` jobs at a time in this process until `stop()`: the videos' and `others`;
     * and each kind in `apart` on a loop of its own, one job at a time.
     */
    async startWorkers(
      logger: JobWorkerLogger,
      concurrency: number,
      others: JobHandler[] = [],
      apart: JobHandler[] = [],
    ) {
      if (!(await hasFfmpeg(config.FFMPEG_PATH))) {
        logger.warn(
          { ffmpeg: config.FFMPEG_PATH },
          'ffmpeg is not installed: videos and voice notes are stored, but no playback copy can be made (install Debian’s ffmpeg)',
        );
      }
      const common = {
        database,
        queue,
        pollMs: config.MEDIA_JOB_POLL_MS,
        retryBaseMs: config.MEDIA_JOB_RETRY_BASE_MS,
        logger,
      };
      const loops = await Promise.all([
        runWorkers({ ...common, handlers: [videoPlayback.handler, ...others], concurrency }),
        ...apart.map((handler) => runWorkers({ ...common, handlers: [handler], concurrency: 1 })),
      ]);
      return { stop: async () => void (await Promise.all(loops.map((loop) => loop.stop()))) };
    },
  };
}

export type MediaJobs = ReturnType<typeof createMediaJobs>;
