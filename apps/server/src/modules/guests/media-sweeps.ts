import type { FastifyInstance } from 'fastify';

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
