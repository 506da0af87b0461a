import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import type { ProcessingSlots } from '../../platform/images/processing-slots.js';
import { schedulePeriodicTask } from '../../platform/scheduling/periodic-task.js';
import type { AlbumEvents } from '../albums/index.js';
import { facesOf } from '../faces/index.js';
import { mediaJobsOf } from '../media-jobs/index.js';
import { sweepMediaLeftoversEvery } from './media-sweeps.js';
import { createPhotoUploadService, type PhotoUploadService } from './photo-upload.service.js';
import { resumableUploadRoutes } from './resumable-upload.routes.js';
import { createResumableUploadService, type ResumableUploadService } from './resumable-upload.service.js';
import { createResumableUploadsRepository } from './resumable-uploads.repository.js';
import { uploadRoutes } from './upload.routes.js';
import { createUploadsRepository } from './uploads.repository.js';

/** What receiving uploads gives the modules registered after it (`uploadsOf(app)`). */
export interface UploadsApi {
  /** Stores a received file as a guest's upload would be (the example album's seed). */
  upload: Pick<PhotoUploadService, 'ingest'>;
}

export interface UploadsOptions {
  config: Config;
  database: DatabaseHandle;
  blobStore: BlobStore;
  albumEvents: AlbumEvents;
  runInSlot: ProcessingSlots;
}

/**
 * Receiving guests' photos and videos: one ingest behind the multipart route and tus's resumable
 * uploads, and the sweeps of what an interrupted upload or a crash left behind.
 */
async function uploads(app: FastifyInstance, { config, database, blobStore, albumEvents, runInSlot }: UploadsOptions) {
  const { videoPlayback } = mediaJobsOf(app);
  const faces = facesOf(app);
  const repo = createUploadsRepository(database.db);
  const upload = createPhotoUploadService({
    // A new photo's jobs are queued with its row: the video's copy, and its faces when "Find me" is on.
    playback: {
      queueFor: async (tx, photo) => {
        await videoPlayback.queueFor(tx, photo);
        await faces.queueFor(tx, photo);
      },
      wakeWorkers: videoPlayback.wakeWorkers,
    },
    changes: albumEvents,
    photos: repo,
    blobStore,
    runInSlot,
    ffmpegPath: config.FFMPEG_PATH,
    ffprobePath: config.FFPROBE_PATH,
    // A photo everyone may see reaches open albums and slideshows at once.
    onApproved: (albumId, photoId) => albumEvents.publish(albumId, { type: 'photo', photoId }),
  });
  const resumable = createResumableUploadService({
    uploads: createResumableUploadsRepository(database),
    upload,
    photos: repo,
    blobStore,
    ttlMs: config.RESUMABLE_UPLOAD_TTL_HOURS * 3_600_000,
  });
  app.decorate('resumableUploads', resumable);
  await app.register(resumableUploadRoutes, { prefix: '/api', service: resumable });
  await app.register(uploadRoutes, { prefix: '/api', upload, stagingDir: blobStore.stagingDir });
  // Also at start, in the background: what a crash or an earlier server left behind. Not under
  // test: a test server pairs a fresh database with a data directory that may hold others' files.
  const underTest = config.NODE_ENV === 'test';
  schedulePeriodicTask(app, {
    name: 'resumable upload sweep',
    everyMs: config.MEDIA_SWEEP_MS,
    runAtStart: !underTest,
    task: async () => {
      const stale = await resumable.sweep();
      if (stale > 0) app.log.info({ uploads: stale }, 'removed stale resumable uploads');
    },
  });
  if (!underTest) {
    const mediaDir = path.join(config.dataDir, 'media');
    sweepMediaLeftoversEvery(app, { db: database.db, blobStore, mediaDir }, config.MEDIA_SWEEP_MS);
  }
  app.decorate('uploads', { upload } satisfies UploadsApi);
}

export const uploadsModule = fp(uploads, { name: 'uploads', dependencies: ['access', 'media-jobs', 'faces'] });

/** The uploads module's API, for a module whose plugin declares `dependencies: ['uploads']`. */
export const uploadsOf = (app: FastifyInstance) => app.getDecorator<UploadsApi>('uploads');

declare module 'fastify' {
  interface FastifyInstance {
    /** Exposed for tests that drive the expiry sweep with a clock. */
    resumableUploads: ResumableUploadService;
  }
}
