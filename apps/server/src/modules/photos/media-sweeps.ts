import type { FastifyInstance } from 'fastify';
import { sweepMediaLeftovers, type LeftoverDeps } from './orphan-media.js';

/**
 * Runs `task` every `everyMs` on this server (not at all for 0), never two runs at once, and
 * waits for a run in flight when the server closes. The tasks claim their work in the database,
 * so several servers may run them side by side.
 */
export function every(app: FastifyInstance, name: string, everyMs: number, task: () => Promise<unknown>) {
  if (everyMs === 0) return;
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = task()
      .catch((error: unknown) => app.log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

/**
 * Removes what crashed or cut-short uploads left (orphan-media.ts) once at start, in the background,
 * and then every `everyMs` (0: only at start): a server that runs for weeks must not keep a crash's
 * files, nor those of a second server that died and never restarted.
 */
export function sweepMediaLeftoversEvery(app: FastifyInstance, deps: LeftoverDeps, everyMs: number) {
  const run = async () => {
    const removed = await sweepMediaLeftovers(deps);
    if (removed.orphanFolders === 0 && removed.partials === 0) return;
    app.log.info(removed, 'removed media left by interrupted uploads (photo folders with no row, temporary files)');
  };
  // The first run is waited for at close like the later ones, and a tick during it joins it.
  let first: Promise<void> | undefined = run()
    .catch((error: unknown) => app.log.warn({ err: error }, 'could not sweep media left by interrupted uploads'))
    .finally(() => {
      first = undefined;
    });
  app.addHook('onClose', async () => {
    await first;
  });
  every(app, 'media leftovers sweep', everyMs, () => first ?? run());
}
