/**
 * The messages a page posts to the service worker (src/service-worker/sw.ts), shared by both sides.
 * Kept free of DOM and React so the worker's bundle can import it.
 */

/** Asks the worker to send the guest upload queue now: the fallback where Background Sync is missing. */
export const DRAIN_UPLOADS_MESSAGE = 'momentos-drain-uploads';

/**
 * Asks the worker to keep what this page loaded before the worker controlled it (its first visit):
 * the page itself and the resources its runtime routes keep (album look-up, fonts, cover images).
 */
export const CACHE_PAGE_MESSAGE = 'momentos-cache-page';

export interface CachePageMessage {
  type: typeof CACHE_PAGE_MESSAGE;
  /** The page's own address (location.href). */
  page: string;
  /** Every resource the page loaded (performance entries' names); the worker keeps only those it has a route for. */
  resources: string[];
}
