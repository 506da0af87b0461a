import type { FastifyInstance } from 'fastify';
import { createGuestbookService, type GuestbookDeps } from './guestbook.service.js';
import { guestbookRoutes } from './guestbook.routes.js';
import { createHostGuestbookService } from './host-guestbook.service.js';
import { hostGuestbookRoutes } from './host-guestbook.routes.js';
import { sweepVoiceNotesEvery } from './voice-note-sweep.js';

/**
 * The whole guestbook on a server: the guests' routes under /api, the host's under /api/events,
 * and the sweep of voice notes whose message row never arrived (not under test, whose servers
 * share data directories).
 */
export async function registerGuestbook(
  app: FastifyInstance,
  deps: GuestbookDeps & { sweepEveryMs: number; underTest: boolean },
) {
  const { repo, blobStore, signer, changes } = deps;
  await app.register(guestbookRoutes, {
    prefix: '/api',
    stagingDir: blobStore.stagingDir,
    service: createGuestbookService(deps),
  });
  sweepVoiceNotesEvery(app, { repo, blobStore, everyMs: deps.sweepEveryMs, underTest: deps.underTest });
  await app.register(hostGuestbookRoutes, {
    prefix: '/api/events',
    service: createHostGuestbookService({ repo, blobStore, signer, changes }),
  });
}
