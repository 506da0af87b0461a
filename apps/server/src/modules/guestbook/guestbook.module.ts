import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import type { ProcessingSlots } from '../../platform/images/processing-slots.js';
import { ffprobeBeside } from '../../platform/media/video-probe.js';
import { schedulePeriodicTask } from '../../platform/scheduling/periodic-task.js';
import { accessOf } from '../access/index.js';
import type { AlbumEvents, AlbumReadCache } from '../albums/index.js';
import { mediaJobsOf } from '../media-jobs/index.js';
import { createGuestbookArchive } from './guestbook-archive.js';
import { createGuestbookRepository, type GuestbookRepository } from './guestbook.repository.js';
import { guestbookRoutes } from './guestbook.routes.js';
import { createGuestbookService } from './guestbook.service.js';
import { createHostGuestbookService } from './host-guestbook.service.js';
import { hostGuestbookRoutes } from './host-guestbook.routes.js';
import { createVoiceNoteCopies } from './voice-note-copies.js';
import { sweepVoiceNotesEvery } from './voice-note-sweep.js';

/** What the guestbook gives the modules registered after it (`guestbookOf(app)`). */
export interface GuestbookApi {
  /** The guestbook's part of the whole-album ZIP (`mensajes/`). */
  archive: ReturnType<typeof createGuestbookArchive>;
  /** New messages, for the host's digest of what arrived. */
  notices: GuestbookRepository['notices'];
  /** The album's messages counted, in all and per day (the host's dashboard). */
  counts: Pick<GuestbookRepository, 'countMessages' | 'perDay'>;
}

export interface GuestbookOptions {
  config: Config;
  database: DatabaseHandle;
  blobStore: BlobStore;
  albumEvents: AlbumEvents;
  albumReadCache: AlbumReadCache;
  runInSlot: ProcessingSlots;
}

/**
 * The whole guestbook on a server: the guests' routes under /api, the host's under /api/events,
 * the voice notes' AAC copies on the media jobs' queue, the sweep of voice notes whose message row
 * never arrived (not under test, whose servers share data directories), and the one that queues
 * copies for voice notes that have none.
 */
async function guestbook(app: FastifyInstance, options: GuestbookOptions) {
  const { config, database, blobStore, albumEvents: changes, albumReadCache: cache, runInSlot } = options;
  const { renditions: signer } = accessOf(app);
  const mediaJobs = mediaJobsOf(app);
  const repo = createGuestbookRepository(database.db);
  const voiceCopies = createVoiceNoteCopies({ db: database.db, queue: mediaJobs.queue, blobStore, config });
  mediaJobs.handle(voiceCopies.handler);
  const ffprobePath = config.FFPROBE_PATH ?? ffprobeBeside(config.FFMPEG_PATH);
  await app.register(guestbookRoutes, {
    prefix: '/api',
    stagingDir: blobStore.stagingDir,
    service: createGuestbookService({ repo, blobStore, signer, cache, changes, runInSlot, ffprobePath, voiceCopies }),
  });
  const underTest = config.NODE_ENV === 'test';
  sweepVoiceNotesEvery(app, { repo, blobStore, everyMs: config.MEDIA_SWEEP_MS, underTest });
  // Notes stored before copies existed, or by an older server during a rolling deploy: only the
  // database is read, so it runs under test too (each test file has a database of its own).
  schedulePeriodicTask(app, {
    name: 'voice note copies sweep',
    everyMs: config.MEDIA_SWEEP_MS,
    runAtStart: true,
    task: async () => {
      const queued = await voiceCopies.queueMissing();
      if (queued > 0) app.log.info({ queued }, 'queued AAC copies for voice notes that had none');
    },
  });
  await app.register(hostGuestbookRoutes, {
    prefix: '/api/events',
    service: createHostGuestbookService({ repo, blobStore, signer, changes }),
  });
  app.decorate('guestbook', {
    archive: createGuestbookArchive({ repo, blobStore }),
    notices: repo.notices,
    counts: { countMessages: repo.countMessages, perDay: repo.perDay },
  } satisfies GuestbookApi);
}

export const guestbookModule = fp(guestbook, { name: 'guestbook', dependencies: ['access', 'media-jobs'] });

/** The guestbook's API, for a module whose plugin declares `dependencies: ['guestbook']`. */
export const guestbookOf = (app: FastifyInstance) => app.getDecorator<GuestbookApi>('guestbook');
