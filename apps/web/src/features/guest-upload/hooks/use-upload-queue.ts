import { useCallback, useEffect, useRef, useState } from 'react';
import { requestBackgroundUpload } from '../background';
import { withQueueLock } from '../queue/queue-lock';
import { createQueueRunner, type QueueRunner } from '../queue/queue-runner';
import { openQueueStore, subscribeToQueue, type QueuedFile, type QueueStore } from '../queue/queue-store';
import { xhrTransport } from '../queue/transport';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
export const isUnsettled = (file: QueuedFile) =>
  file.status === 'waiting' || file.status === 'uploading' || file.status === 'retrying';

export interface UploadQueueOptions {
  /** Joins the album again when the guest pass is missing or refused; answers the new pass. */
  rejoin: (file: QueuedFile, refusedToken?: string) => Promise<string>;
  onSettled?: (file: QueuedFile) => void;
  /** Every file of the album is in (done or pending), whoever sent them: the page says so and clears the list. */
  onAllInAlbum?: (files: QueuedFile[], store: QueueStore) => void;
}

const isInAlbum = (file: QueuedFile) => file.status === 'done' || file.status === 'pending';

/**
 * One album's upload queue as the page sees it: the files kept on this device with their states
 * (read back from IndexedDB whenever any context changes them), the bytes in flight, and the
 * drain, which starts by itself when the page opens with files left and runs until none is.
 */
export function useUploadQueue(albumId: string, options: UploadQueueOptions) {
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const [isLoaded, setLoaded] = useState(false);
  const [inFlight, setInFlight] = useState<Record<string, number>>({});
  const [isDraining, setDraining] = useState(false);
  const storeRef = useRef<QueueStore | null>(null);
  const runnerRef = useRef<QueueRunner | null>(null);
  const drainingRef = useRef(false);
  // A change of the queue (or a call) that came while draining: one more pass once this one ends.
  const drainAgainRef = useRef(false);
  // Between mount and unmount: a page that is gone starts no drain nobody could stop.
  const mountedRef = useRef(false);
  const abortRef = useRef<AbortController | null>(null);
  const reported = useRef(new Set<string>());
  const optionsRef = useRef(options);
  // Bytes in flight reach the screen at most every 200 ms: 200 rows need not re-render per progress event.
  const pendingProgress = useRef<Record<string, number> | null>(null);
  const showProgress = useCallback((id: string, sent: number) => {
    const first = pendingProgress.current === null;
    pendingProgress.current = { ...pendingProgress.current, [id]: sent };
    if (!first) return;
    setTimeout(() => {
      const latest = pendingProgress.current;
      pendingProgress.current = null;
      setInFlight((current) => ({ ...current, ...latest }));
    }, 200);
  }, []);
  useEffect(() => {
    optionsRef.current = options;
  });

  /**
   * Drains until no file of the album is left to send. A call while draining wakes the drain and
   * asks for one more pass after it: the runner may have just found nothing due and be on its way
   * out when a file is handed over, and that file would otherwise wait for the next page.
   */
  const drain = useCallback(async () => {
    const runner = runnerRef.current;
    if (!runner || !mountedRef.current) return;
    if (drainingRef.current) {
      drainAgainRef.current = true;
      runner.wake();
      return;
    }
    drainingRef.current = true;
    setDraining(true);
    const controller = new AbortController();
    abortRef.current = controller;
    // Asked before the first byte, so the browser finishes the queue if the guest closes the tab.
    void requestBackgroundUpload().catch(() => false);
    try {
      do {
        drainAgainRef.current = false;
        await withQueueLock(() => runner.drain(controller.signal));
      } while (drainAgainRef.current && !controller.signal.aborted);
    } catch (error) {
      if (!isAbort(error)) throw error;
    } finally {
      drainingRef.current = false;
      abortRef.current = null;
      setInFlight({});
      if (!controller.signal.aborted) setDraining(false);
    }
  }, []);

  /**
   * Shows the album's files as stored. Any file still to send starts a drain here, whoever changed
   * the queue: files handed over by a page that closed meanwhile, or left by a drain that ended,
   * go from whichever page of the album is open, the guest page or the shared album.
   */
  const show = useCallback(
    (store: QueueStore, stored: QueuedFile[]) => {
      setFiles(stored);
      if (stored.length > 0 && stored.every(isInAlbum)) {
        // Once per batch: clearing it announces each removal, and a read may catch part of it.
        if (stored.every((file) => reported.current.has(file.id))) return;
        for (const file of stored) reported.current.add(file.id);
        optionsRef.current.onAllInAlbum?.(stored, store);
      } else if (stored.some(isUnsettled)) void drain();
    },
    [drain],
  );

  // One read of the queue at a time: a burst of changes (a pick of 200, each try's states) makes
  // one more read after the current one, not one read per change.
  const reading = useRef<'idle' | 'reading' | 'again'>('idle');
  const refresh = useCallback(async () => {
    const store = storeRef.current;
    if (!store) return;
    if (reading.current !== 'idle') {
      reading.current = 'again';
      return;
    }
    do {
      reading.current = 'reading';
      show(store, await store.list(albumId));
    } while ((reading.current as string) === 'again');
    reading.current = 'idle';
  }, [albumId, show]);

  useEffect(() => {
    let isCurrent = true;
    mountedRef.current = true;
    void (async () => {
      const store = await openQueueStore();
      if (!isCurrent) return;
      storeRef.current = store;
      runnerRef.current = createQueueRunner({
        store,
        transport: xhrTransport,
        albumId,
        isOnline: () => navigator.onLine,
        rejoin: (file, refusedToken) => optionsRef.current.rejoin(file, refusedToken),
        onProgress: (id, sent) => showProgress(id, sent),
        onSettled: (file) => optionsRef.current.onSettled?.(file),
      });
      const stored = await store.list(albumId);
      if (!isCurrent) return;
      // Files left by a reload, a crash or a closed tab carry on by themselves.
      show(store, stored);
      setLoaded(true);
    })();
    const unsubscribe = subscribeToQueue((changed) => {
      if (changed === albumId) void refresh();
    });
    return () => {
      isCurrent = false;
      mountedRef.current = false;
      unsubscribe();
      // The file in flight goes back to waiting; the server keeps its bytes for whoever drains next.
      abortRef.current?.abort();
    };
  }, [albumId, refresh, show, showProgress]);

  // Back online: every file waiting out a delay goes now (the runner voids the timers the outage set).
  useEffect(() => {
    const onOnline = () => {
      runnerRef.current?.networkReturned();
      void drain();
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden' && drainingRef.current)
        void requestBackgroundUpload().catch(() => false);
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [albumId, drain]);

  return { files, isLoaded, inFlight, isDraining, store: storeRef, drain };
}
