import os from 'node:os';
import type { ClaimedJob, JobKind, JobQueue } from './job-queue.js';
import { LeaseLostError } from './job-queue.js';

/** What a kind of job does, and when it stops trying. */
export interface JobHandler {
  kind: JobKind;
  /** Claims before the job gives up (a worker that died holding it used one). */
  maxAttempts: number;
  /**
   * Does the work and completes the job (`queue.complete`) with its result. Stops promptly when
   * `signal` aborts (the lease was lost, or the worker is shutting down).
   */
  run(job: ClaimedJob, signal: AbortSignal): Promise<void>;
  /** Whether a failure is worth another attempt (a missing program is not). */
  isRetryable(error: unknown): boolean;
  /** Gives the job up for good (`queue.giveUp`), telling the user why. */
  giveUp(job: ClaimedJob, error: unknown): Promise<void>;
}

export interface JobWorkerLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobWorkerOptions {
  queue: JobQueue;
  handlers: JobHandler[];
  /** Jobs this process runs at once. */
  concurrency: number;
  /** How often an idle worker looks for due work it was not woken for (retries, lapsed leases). */
  pollMs: number;
  logger: JobWorkerLogger;
  /** First retry waits this long; each later one four times longer, up to an hour. */
  retryBaseMs?: number;
}

/** 30 s, 2 min, 8 min…: a busy or restarting machine gets room, and a host is not kept waiting for hours. */
export const retryDelayMs = (attempt: number, baseMs: number) => Math.min(baseMs * 4 ** (attempt - 1), 3_600_000);

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * Runs claimed jobs in this process, `concurrency` at a time: claims when woken (a new job was
 * announced) or every `pollMs`, keeps each lease alive with a heartbeat at a third of the lease,
 * retries a failure with growing waits and gives up after the handler's attempts. `stop()` aborts
 * the jobs in flight and hands them back untried, so a restart picks them up at once.
 */
export function createJobWorker({
  queue,
  handlers,
  concurrency,
  pollMs,
  logger,
  retryBaseMs = 30_000,
}: JobWorkerOptions) {
  const byKind = new Map(handlers.map((handler) => [handler.kind, handler]));
  const kinds = [...byKind.keys()];
  const name = `${os.hostname()}:${process.pid}`;
  const running = new Map<string, { done: Promise<void>; abort: AbortController }>();
  let stopped = true;
  let idleTimer: NodeJS.Timeout | undefined;
  let claiming: Promise<void> | undefined;
  /** A wake that came while claiming: look again at once, the new job may have been missed. */
  let wokenWhileClaiming = false;

  async function runJob(job: ClaimedJob, handler: JobHandler, abort: AbortController) {
    const beat = setInterval(() => {
      queue.heartbeat(job).then(
        (held) => held || abort.abort(new LeaseLostError(job.id)),
        (error: unknown) => logger.warn({ err: error, jobId: job.id }, 'job heartbeat failed'),
      );
    }, queue.leaseMs / 3);
    try {
      if (job.attempts > handler.maxAttempts) throw new Error(`gave up after ${handler.maxAttempts} attempts`);
      await handler.run(job, abort.signal);
    } catch (error) {
      if (abort.signal.aborted) {
        // Shutting down: hand it back. Lost lease: another worker has it, nothing is ours to write.
        if (stopped) await queue.release(job);
        return;
      }
      if (error instanceof LeaseLostError) return;
      const retry = handler.isRetryable(error) && job.attempts < handler.maxAttempts;
      logger.warn({ err: error, jobId: job.id, subjectId: job.subjectId, attempt: job.attempts, retry }, 'job failed');
      if (retry) await queue.retryLater(job, retryDelayMs(job.attempts, retryBaseMs), errorText(error));
      else await handler.giveUp(job, error);
    } finally {
      clearInterval(beat);
    }
  }

  function start(job: ClaimedJob) {
    const handler = byKind.get(job.kind)!;
    const abort = new AbortController();
    const done = runJob(job, handler, abort)
      .catch((error: unknown) => {
        if (!(error instanceof LeaseLostError)) logger.error({ err: error, jobId: job.id }, 'job bookkeeping failed');
      })
      .finally(() => {
        running.delete(job.id);
        wake();
      });
    running.set(job.id, { done, abort });
  }

  async function fill() {
    while (!stopped && running.size < concurrency) {
      const job = await queue.claim(kinds, name);
      if (!job) return;
      if (stopped) return queue.release(job);
      start(job);
    }
  }

  /** Looks for work now (a job was announced, or one ended). */
  function wake() {
    if (stopped) return;
    if (claiming) {
      wokenWhileClaiming = true;
      return;
    }
    clearTimeout(idleTimer);
    claiming = fill()
      .catch((error: unknown) => logger.warn({ err: error }, 'could not claim jobs'))
      .finally(() => {
        claiming = undefined;
        if (stopped) return;
        if (wokenWhileClaiming) {
          wokenWhileClaiming = false;
          wake();
        } else idleTimer = setTimeout(wake, pollMs).unref();
      });
  }

  return {
    name,
    start() {
      stopped = false;
      wake();
    },
    wake,
    /** Jobs running in this process now. */
    get activeCount() {
      return running.size;
    },
    async stop() {
      stopped = true;
      clearTimeout(idleTimer);
      await claiming;
      for (const { abort } of running.values()) abort.abort(new Error('worker stopping'));
      await Promise.all([...running.values()].map(({ done }) => done));
    },
  };
}

export type JobWorker = ReturnType<typeof createJobWorker>;
