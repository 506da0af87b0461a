import type { FastifyInstance } from 'fastify';
import { schedulePeriodicTask } from '../../platform/scheduling/periodic-task.js';
import { createGuestbookService, type GuestbookDeps } from './guestbook.service.js';
import { guestbookRoutes } from './guestbook.routes.js';
import { createHostGuestbookService } from './host-guestbook.service.js';
import { hostGuestbookRoutes } from './host-guestbook.routes.js';
import type { VoiceNoteCopies } from './voice-note-copies.js';
import { sweepVoiceNotesEvery } from './voice-note-sweep.js';

/**
 * The whole guestbook on a server: the guests' routes under /api, the host's under /api/events,
 * the sweep of voice notes whose message row never arrived (not under test, whose servers share
 * data directories), and the one that queues AAC copies for voice notes that have none.
 */
export async function registerGuestbook(
  app: FastifyInstance,
  deps: GuestbookDeps & { voiceCopies: VoiceNoteCopies; sweepEveryMs: number; underTest: boolean },
) {
  const { repo, blobStore, signer, changes, voiceCopies } = deps;
  await app.register(guestbookRoutes, {
    prefix: '/api',
    stagingDir: blobStore.stagingDir,
    service: createGuestbookService(deps),
  });
  sweepVoiceNotesEvery(app, { repo, blobStore, everyMs: deps.sweepEveryMs, underTest: deps.underTest });
  // Notes stored before copies existed, or by an older server during a rolling deploy: only the
  // database is read, so it runs under test too (each test file has a database of its own).
  schedulePeriodicTask(app, {
    name: 'voice note copies sweep',
    everyMs: deps.sweepEveryMs,
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
}
