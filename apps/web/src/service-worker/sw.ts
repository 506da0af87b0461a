/**
 * The service worker (built to /sw.js by vite-plugin-pwa, registered by lib/service-worker.ts in
 * production builds): the guest page opens from the phone's cache at the venue after one visit,
 * and the guest upload queue is sent in the background where the browser has Background Sync.
 */
import { clientsClaim } from 'workbox-core';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types';
import { addRoute, cleanupOutdatedCaches, matchPrecache, precache, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CACHE_PAGE_MESSAGE, DRAIN_UPLOADS_MESSAGE, type CachePageMessage } from '@/lib/service-worker-messages';
import { UPLOAD_SYNC_TAG, drainInBackground } from '../features/guest-upload/background';
import { cachePage, dropPagesOfOldBuilds } from './page-cache';
import { NOT_APP_PAGES, pages, RUNTIME_ROUTES, SHELL_URL } from './routes';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** Background Sync's event, which TypeScript's WebWorker library does not describe. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

// A new worker takes over at once, and the open pages with it: the next navigation is served by
// the new build's shell (see docs/decisions.md). A guest rarely closes every tab of the site, so a
// waiting worker would wait for days while the phone kept the old shell for the venue.
void self.skipWaiting();
clientsClaim();

// The app shell (vite.config.ts says what goes in), fetched at install.
precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** The network, else the copy of this page from the last visit, else the precached shell (the app then routes). */
async function openPage(options: RouteHandlerCallbackOptions): Promise<Response> {
  try {
    return await pages.handle(options);
  } catch (error) {
    const shell = await matchPrecache(SHELL_URL);
    if (shell) return shell;
    throw error;
  }
}

// Navigations first, so `/` comes from the network like every other page, not from the precache.
registerRoute(new NavigationRoute(openPage, { denylist: NOT_APP_PAGES }));
addRoute();
for (const route of RUNTIME_ROUTES) {
  registerRoute(({ url, sameOrigin }) => sameOrigin && route.matches(url), route.strategy);
}

self.addEventListener('activate', (event) => event.waitUntil(dropPagesOfOldBuilds()));

// One drain at a time; a trigger during a drain runs one more after it, for files queued meanwhile.
let draining: Promise<void> | undefined;
let drainAgain = false;
function drainUploads(): Promise<void> {
  if (draining) {
    drainAgain = true;
    return draining;
  }
  draining = (async () => {
    do {
      drainAgain = false;
      await drainInBackground();
    } while (drainAgain);
  })().finally(() => {
    draining = undefined;
  });
  return draining;
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  // A rejection tells the browser to try the sync again later.
  if (sync.tag === UPLOAD_SYNC_TAG) sync.waitUntil(drainUploads());
});

function isCachePageMessage(data: unknown): data is CachePageMessage {
  const message = data as Partial<CachePageMessage> | null;
  return message?.type === CACHE_PAGE_MESSAGE && typeof message.page === 'string' && Array.isArray(message.resources);
}

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if ((data as { type?: unknown } | null)?.type === DRAIN_UPLOADS_MESSAGE) event.waitUntil(drainUploads());
  else if (isCachePageMessage(data)) event.waitUntil(cachePage(event, data));
});
