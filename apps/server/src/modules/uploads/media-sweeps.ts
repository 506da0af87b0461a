import type { FastifyInstance } from 'fastify';
import { schedulePeriodicTask } from '../../platform/scheduling/periodic-task.js';
import { sweepMediaLeftovers, type LeftoverDeps } from './orphan-media.js';

/**
 * Removes what crashed or cut-short uploads left (orphan-media.ts) once at start, in the background,
 * and then every `everyMs` (0: only at start): a server that runs for weeks must not keep a crash's
 * files, nor those of a second server that died and never restarted.
 */
export function sweepMediaLeftoversEvery(app: FastifyInstance, deps: LeftoverDeps, everyMs: number) {
  schedulePeriodicTask(app, {
    name: 'media leftovers sweep',
    everyMs,
    runAtStart: true,
    task: async () => {
      const removed = await sweepMediaLeftovers(deps);
      if (removed.orphanFolders === 0 && removed.partials === 0) return;
      app.log.info(removed, 'removed media left by interrupted uploads (photo folders with no row, temporary files)');
    },
  });
}
