import { ApiError, NETWORK_ERROR_STATUS } from '@/lib/api-error';
import type { QueuedFile, QueueFailure, QueueStore } from './queue-store';
import { actionAfterFailure, retryDelayMs } from './retry-policy';
import { sendFile } from './send-file';
import type { Transport } from './transport';

export interface QueueRunnerOptions {
  store: QueueStore;
  transport: Transport;
  /** Where the API is: '' in the browser. */
  origin?: string;
  /** Only this album's files (the guest page); every album's when absent (the service worker). */
  albumId?: string;
  /**
   * Joins the album again when its guest pass is refused, answering the new pass. Without it (the
   * service worker, which holds no album code) the album's files wait for the page.
   */
  rejoin?: (file: QueuedFile, refusedToken?: string) => Promise<string>;
  isOnline?: () => boolean;
  /**
   * Gives up (answering false) instead of waiting longer than this for the next retry or for the
   * network, so a service worker's sync ends and the browser schedules the next one.
   */
  maxWaitMs?: number;
  onProgress?: (id: string, sent: number) => void;
  /** A file reached the album (done or pending) or stopped. */
  onSettled?: (file: QueuedFile) => void;
  now?: () => number;
  random?: () => number;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
const failureOf = (error: unknown): QueueFailure =>
  error instanceof ApiError
    ? { status: error.status, code: error.code, message: error.message }
    : { status: 0, message: error instanceof Error ? error.message : String(error) };

/** How long the drain sleeps, at most, while the browser says it is offline, before looking again. */
const OFFLINE_POLL_MS = 60_000;
/**
 * Quick retries a file gets while the link is known to work: past them, a file that keeps dropping
 * while others go through (a proxy that refuses it, say) backs off like any other.
 */
const QUICK_RETRIES_PER_FILE = 10;
const isDrop = (error: unknown) => !(error instanceof ApiError) || error.status === NETWORK_ERROR_STATUS;

/**
 * The upload queue's engine, the same in the page and in the service worker: it sends the queued
 * files one at a time, oldest first, and decides after each failure (retry-policy.ts): a failure
 * that may pass waits a growing, jittered delay and goes again by itself; a refused guest pass
 * joins again; an answer that will not change stops the file with its reason. Every state is
 * written to the store before and after each try, so whoever drains next (a reload, the service
 * worker) carries on where this one stopped; the server's tus offset keeps the bytes.
 */
export function createQueueRunner(options: QueueRunnerOptions) {
  const { store, transport, origin, albumId, rejoin } = options;
  const now = options.now ?? Date.now;
  const isOnline = options.isOnline ?? (() => true);
  let wakeUp: (() => void) | undefined;
  // A wake() that came while no wait was running: the next wait ends at once instead of missing it.
  let wokenEarly = false;
  // When the browser last said the network is back: every retry timer started before it is void.
  let networkBackAt = 0;
  // Whether the link works: when the server last answered any request of the queue with a 2xx,
  // when each file last failed, and how many quick retries each file had since it last progressed.
  let lastAnswerAt = 0;
  const lastFailureAt = new Map<string, number>();
  const quickRetries = new Map<string, number>();
  const isDue = (file: QueuedFile, at: number) =>
    file.status === 'waiting' ||
    (file.status === 'retrying' &&
      ((file.retryAt ?? 0) <= at || (networkBackAt > 0 && (lastFailureAt.get(file.id) ?? 0) < networkBackAt)));
  const answering: (onAnswer: () => void) => Transport = (onAnswer) => async (request) => {
    const response = await transport(request);
    if (response.status >= 200 && response.status < 300) {
      lastAnswerAt = now();
      onAnswer();
    }
    return response;
  };

  /** Sleeps until `ms` pass, wake() is called or the signal fires. */
  const sleep = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve) => {
      if (wokenEarly) {
        wokenEarly = false;
        return resolve();
      }
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
      wakeUp = done;
    });

  /** Ends the drain's current wait (or the next one, if none is running): a file was added or retried. */
  const wake = () => {
    if (wakeUp) wakeUp();
    else wokenEarly = true;
  };

  /** Records a change of the file; one the guest removed meanwhile stays removed. */
  const save = async (file: QueuedFile, change: Partial<QueuedFile>) => {
    Object.assign(file, change);
    await store.update(file.id, change);
  };

  /**
   * The failure count a file's next wait is computed from. A try that moved bytes starts it again:
   * the link works, only slowly. So does a dropped try (no answer) when the server answered this
   * try's other requests, or any request of the queue since the file last failed: a venue's Wi-Fi
   * that loses one request in three is working, and doubling waits there only leaves the phone idle
   * (the lossy-link benchmark: 4.4 times the clean link's time without this, 1.2 with it). When
   * nothing answers (an outage) or the server answers with an error, the waits double as usual.
   */
  function attemptsAfter(file: QueuedFile, outcome: { progressed: boolean; answered: boolean; dropped: boolean }) {
    const linkWorks = outcome.answered || lastAnswerAt > (lastFailureAt.get(file.id) ?? 0);
    lastFailureAt.set(file.id, now());
    if (outcome.progressed) {
      quickRetries.delete(file.id);
      return 1;
    }
    const quick = quickRetries.get(file.id) ?? 0;
    if (outcome.dropped && linkWorks && quick < QUICK_RETRIES_PER_FILE) {
      quickRetries.set(file.id, quick + 1);
      return 1;
    }
    return file.attempts + 1;
  }

  async function sendOne(file: QueuedFile, signal: AbortSignal | undefined, skipAlbums: Set<string>) {
    let rejoined = false;
    let refusedToken: string | undefined;
    for (;;) {
      let token = file.guestToken;
      let sent = file.sent;
      let answered = false;
      const triedAt = now();
      try {
        if (!token) {
          if (!rejoin) throw new ApiError('No guest pass on this device yet', 401, 'GUEST_TOKEN_REQUIRED');
          token = await rejoin(file, refusedToken);
          await save(file, { guestToken: token });
        }
        await save(file, { status: 'uploading', failure: undefined, retryAt: undefined });
        const result = await sendFile(file, {
          transport: answering(() => {
            answered = true;
          }),
          guestToken: token,
          origin,
          signal,
          onProgress: (bytes) => {
            sent = Math.max(sent, bytes);
            options.onProgress?.(file.id, bytes);
          },
          onUploadUrl: (url) => void save(file, { uploadUrl: url }),
        });
        // The album holds it: the device no longer needs the bytes.
        await save(file, {
          status: result.status === 'pending' ? 'pending' : 'done',
          blob: null,
          photoId: result.id,
          sent: file.size,
          attempts: 0,
          uploadUrl: undefined,
        });
        options.onSettled?.(file);
        return;
      } catch (error) {
        if (isAbort(error)) {
          await save(file, { status: 'waiting' });
          throw error;
        }
        const action = actionAfterFailure(error);
        if (action === 'rejoin') {
          if (!rejoin) {
            // The page joins again with the album's code; until then this album's files wait.
            skipAlbums.add(file.albumId);
            await save(file, { status: 'waiting', guestToken: undefined });
            return;
          }
          if (!rejoined) {
            rejoined = true;
            refusedToken = token;
            await save(file, { guestToken: undefined });
            continue;
          }
        }
        if (action !== 'retry') {
          await save(file, { status: 'failed', failure: failureOf(error), attempts: 0, retryAt: undefined });
          options.onSettled?.(file);
          return;
        }
        const attempts = attemptsAfter(file, { progressed: sent > file.sent, answered, dropped: isDrop(error) });
        const retryAfter = error instanceof ApiError ? error.retryAfterSeconds : undefined;
        // The network came back while this try was failing on the outage: it goes again at once.
        const isStale = networkBackAt >= triedAt && retryAfter === undefined;
        await save(file, {
          status: 'retrying',
          sent,
          attempts,
          retryAt: isStale ? now() : now() + retryDelayMs(attempts, retryAfter, options.random),
          failure: failureOf(error),
        });
        return;
      }
    }
  }

  return {
    /**
     * Sends every queued file that can go, waiting out retries and losses of network, until none
     * is left (true) or, with maxWaitMs, until the next wait would be longer (false). Rejects with
     * an AbortError when the signal fires; the file in flight goes back to waiting.
     */
    async drain(signal?: AbortSignal): Promise<boolean> {
      // Files a closed tab or a killed worker left "uploading": whoever drains holds the queue's lock.
      for (const file of await store.list(albumId))
        if (file.status === 'uploading') await save(file, { status: 'waiting' });
      const skipAlbums = new Set<string>();
      for (;;) {
        if (signal?.aborted) throw new DOMException('Upload aborted', 'AbortError');
        const files = (await store.list(albumId)).filter((file) => !skipAlbums.has(file.albumId));
        const due = files.find((file) => isDue(file, now()));
        const later = files.filter((file) => file.status === 'retrying' && !isDue(file, now()));
        if (!due && later.length === 0) return skipAlbums.size === 0;
        if (!isOnline()) {
          if (options.maxWaitMs !== undefined) return false;
          await sleep(OFFLINE_POLL_MS, signal);
          continue;
        }
        if (!due) {
          const wait = Math.min(...later.map((file) => file.retryAt ?? 0)) - now();
          if (options.maxWaitMs !== undefined && wait > options.maxWaitMs) return false;
          await sleep(wait, signal);
          continue;
        }
        await sendOne(due, signal, skipAlbums);
      }
    },
    wake,
    /**
     * The browser's `online` event: every file waiting out a retry timer (or failing on the outage
     * right now) goes at once, instead of sleeping out a delay the outage made long.
     */
    networkReturned() {
      networkBackAt = now();
      wake();
    },
  };
}

export type QueueRunner = ReturnType<typeof createQueueRunner>;
