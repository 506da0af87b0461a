import type { FastifyInstance } from 'fastify';

export interface PeriodicTask {
  /** Names the task in the error log. */
  name: string;
  /** Milliseconds between runs on this server; 0 schedules no repeats. */
  everyMs: number;
  /** Also run once at once, in the background (even when `everyMs` is 0). */
  runAtStart?: boolean;
  task: () => Promise<unknown>;
}

/**
 * Runs a background task every `everyMs` on this server, never two runs at once (a tick that finds
 * a run in flight is skipped), and waits for the run in flight when the server closes. A failing
 * run is logged and the next tick tries again. The tasks claim their work in the database, so
 * several servers may run them side by side.
 */
export function schedulePeriodicTask(
  app: Pick<FastifyInstance, 'addHook' | 'log'>,
  { name, everyMs, runAtStart = false, task }: PeriodicTask,
) {
  let running: Promise<unknown> | undefined;
  let closed = false;
  const run = () => {
    if (running || closed) return;
    running = task()
      .catch((error: unknown) => app.log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = everyMs > 0 ? setInterval(run, everyMs).unref() : undefined;
  if (!timer && !runAtStart) return;
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });
  if (runAtStart) run();
}
