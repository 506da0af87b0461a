import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { JobHandler } from '../../platform/jobs/job-worker.js';
import type { AlbumEvents } from '../albums/index.js';
import { createMediaJobs } from './media-jobs.js';
import type { VideoPlaybackService } from './video-playback.service.js';

/** What the media-jobs module gives the modules registered after it (`mediaJobsOf(app)`). */
export interface MediaJobsApi {
  /** The one job queue: a module queues its jobs in the transaction that stores what they work on. */
  queue: JobQueue;
  /** Videos' playback copies: queued with the video's row, asked again by the host. */
  videoPlayback: VideoPlaybackService;
  /** Runs another module's kind of job on this server's workers (the guestbook's voice-note copies). */
  handle(handler: JobHandler): void;
  /**
   * Runs a kind of job on a loop of its own, one job at a time, beside the videos' workers: a face
   * index holds a core for half a second, and must neither wait behind a transcode nor take a second core.
   */
  handleApart(handler: JobHandler): void;
}

export interface MediaJobsOptions {
  config: Config;
  database: DatabaseHandle;
  blobStore: BlobStore;
  albumEvents: AlbumEvents;
}

/**
 * The media's background jobs on this server: the queue, the videos' playback copies, and
 * MEDIA_WORKERS workers (none: `npm run worker` runs them elsewhere), started once every module
 * has given its handlers.
 */
async function mediaJobs(app: FastifyInstance, { config, database, blobStore, albumEvents }: MediaJobsOptions) {
  const jobs = createMediaJobs({ database, blobStore, events: albumEvents, config });
  const handlers: JobHandler[] = [];
  const apart: JobHandler[] = [];
  if (config.MEDIA_WORKERS > 0) {
    let workers: { stop(): Promise<void> } | undefined;
    app.addHook('onReady', async () => {
      workers = await jobs.startWorkers(app.log, config.MEDIA_WORKERS, handlers, apart);
    });
    // Once the requests are answered and before the database closes (onClose hooks run last-added
    // first): the jobs in flight go back to the queue for the next start. As a preClose hook it held
    // up the close of a server with an open live stream on PostgreSQL.
    app.addHook('onClose', async () => workers?.stop());
  }
  app.decorate('mediaJobs', {
    queue: jobs.queue,
    videoPlayback: jobs.videoPlayback,
    handle: (handler) => void handlers.push(handler),
    handleApart: (handler) => void apart.push(handler),
  } satisfies MediaJobsApi);
}

export const mediaJobsModule = fp(mediaJobs, { name: 'media-jobs' });

/** The media-jobs module's API, for a module whose plugin declares `dependencies: ['media-jobs']`. */
export const mediaJobsOf = (app: FastifyInstance) => app.getDecorator<MediaJobsApi>('mediaJobs');
