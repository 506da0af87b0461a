import type { DatabaseHandle } from '../../db/client.js';
import { openNotificationChannel } from '../../db/notifications.js';
import { MEDIA_JOBS_CHANNEL, type JobQueue } from './job-queue.js';
import { createJobWorker, type JobHandler, type JobWorkerLogger } from './job-worker.js';

export interface RunWorkersOptions {
  database: DatabaseHandle;
  queue: JobQueue;
  handlers: JobHandler[];
  concurrency: number;
  pollMs: number;
  retryBaseMs: number;
  logger: JobWorkerLogger;
}

/**
 * Starts this process's workers: they claim at once, again whenever any server announces a job on
 * the database's notification channel, and every `pollMs` for retries and lapsed leases. `stop`
 * hands the jobs in flight back (a restart resumes them) and stops listening.
 */
export async function runWorkers({
  database,
  queue,
  handlers,
  concurrency,
  pollMs,
  retryBaseMs,
  logger,
}: RunWorkersOptions) {
  const worker = createJobWorker({ queue, handlers, concurrency, pollMs, retryBaseMs, logger });
  const channel = await openNotificationChannel(database, MEDIA_JOBS_CHANNEL, () => worker.wake(), {
    logger,
    // A dropped listener may have missed announcements: look now instead of at the next poll.
    onMissedNotices: () => worker.wake(),
  });
  await channel.ready;
  worker.start();
  logger.info({ worker: worker.name, concurrency }, 'background job workers started');
  return {
    worker,
    async stop() {
      await worker.stop();
      await channel.close();
    },
  };
}
