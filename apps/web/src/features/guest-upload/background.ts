import { withQueueLock } from './queue/queue-lock';
import { createQueueRunner } from './queue/queue-runner';
import { openQueueStore } from './queue/queue-store';
import { fetchTransport } from './queue/transport';

/**
 * The guest upload queue as the service worker sees it: the tag its Background Sync registration
 * uses and the drain it runs. The service worker imports only this file, so the page's screens
 * and translations stay out of its bundle.
 */
export const UPLOAD_SYNC_TAG = 'momentos-uploads';

/** A sync event lasts minutes at most; a longer wait ends it and the browser schedules the next. */
const LONGEST_WAIT_IN_BACKGROUND_MS = 20_000;

/**
 * Sends every file queued on this device that can be sent now. Rejects while files remain (a page
 * is sending them, the network is down, a retry is far off, a guest pass must be renewed by the
 * page), which tells Background Sync to try again later.
 */
export async function drainInBackground(): Promise<void> {
  const store = await openQueueStore();
  const runner = createQueueRunner({
    store,
    transport: fetchTransport,
    isOnline: () => navigator.onLine,
    maxWaitMs: LONGEST_WAIT_IN_BACKGROUND_MS,
  });
  const finished = await withQueueLock(() => runner.drain(), { ifAvailable: true });
  if (finished !== true) throw new Error('Some uploads are still waiting; Background Sync will try again');
}

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/**
 * Asks the browser to drain the queue in the background, even after the page is closed. Answers
 * whether it can (Chromium browsers); elsewhere the page must stay open until the queue is empty.
 */
export async function requestBackgroundUpload(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  const registration = await navigator.serviceWorker.getRegistration();
  const sync = (registration as (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined)?.sync;
  if (!registration?.active || !sync) return false;
  await sync.register(UPLOAD_SYNC_TAG);
  return true;
}

/**
 * Whether this page's uploads can finish after it closes: Background Sync, and a service worker
 * in charge of the page (from the second visit, or the first once it took over).
 */
export const canUploadInBackground = () => 'SyncManager' in globalThis && Boolean(navigator.serviceWorker?.controller);
