/**
 * One drainer at a time on a device: the open guest page, the album page, another tab or the
 * service worker. Web Locks are held by a context and freed when it closes or crashes, so a tab
 * closed mid-upload never blocks the next drainer. Where the browser has no Web Locks (Safari
 * before 15.4), each context drains alone; the server's tus offsets and content hash keep that safe.
 */
const LOCK_NAME = 'momentos-upload-queue';

/** Runs `work` holding the queue's lock; with `ifAvailable`, answers 'busy' at once when another holds it. */
export async function withQueueLock<T>(work: () => Promise<T>, { ifAvailable = false } = {}): Promise<T | 'busy'> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  return locks.request(LOCK_NAME, { ifAvailable }, async (lock) => (lock ? work() : ('busy' as const)));
}
