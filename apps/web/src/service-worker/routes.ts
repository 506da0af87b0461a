import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheFirst, NetworkFirst, type Strategy } from 'workbox-strategies';

/**
 * What the service worker keeps at runtime, beside the precached app shell (sw.ts): pages, the
 * guest's album look-up, album fonts and cover images. Nothing else under /api is ever kept:
 * a host's data (sign-in, events, orders, checkout) and every write go straight to the network.
 */

const DAY_SECONDS = 24 * 60 * 60;
/** A venue's signal: past this the last copy is shown rather than a spinner. */
const NETWORK_TIMEOUT_SECONDS = 3;

/** Where the precached shell lives: the server's page for `/`, which is index.html without the guest page's template. */
export const SHELL_URL = '/';
export const PAGES_CACHE = 'momentos-pages';

/** Navigations the server answers itself, never with the app: the API, media, the sandbox's card page, the health check. */
export const NOT_APP_PAGES = [/^\/api(\/|$)/, /^\/uploads(\/|$)/, /^\/sandbox(\/|$)/, /^\/healthz$/];

/** Only a complete answer is kept: never a 4xx or 5xx, a redirect's leftovers or an opaque response. */
const onlyOk = new CacheableResponsePlugin({ statuses: [200] });

const expiring = (maxEntries: number, days: number) =>
  new ExpirationPlugin({ maxEntries, maxAgeSeconds: days * DAY_SECONDS, purgeOnQuotaError: true });

/** A navigation to a file (an image opened in a tab) is not a page worth keeping. */
const onlyHtml: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 && (response.headers.get('content-type') ?? '').startsWith('text/html') ? response : null,
};

/** A proxy's or a struggling server's 5xx: the page as last seen serves the guest better than an error page. */
const serverErrorAsOffline: WorkboxPlugin = {
  fetchDidSucceed: async ({ response }) => {
    if (response.status >= 500) throw new Error(`the server answered ${response.status}`);
    return response;
  },
};

/**
 * Pages: the network first, and after 3 s (or at once when offline) the copy kept from the last
 * visit; the guest page's copy carries its album, written in by the server. `ignoreVary`: the
 * server varies the page by language and encoding, neither of which a copy on this phone needs to.
 */
export const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  matchOptions: { ignoreVary: true },
  plugins: [serverErrorAsOffline, onlyHtml, expiring(30, 30)],
});

/** The match a runtime route makes on a same-origin GET, and how it answers. */
export interface RuntimeRoute {
  matches(url: URL): boolean;
  strategy: Strategy;
}

export const RUNTIME_ROUTES: RuntimeRoute[] = [
  {
    // GET /api/albums/code/{accessCode} (lib/guest-album-query.ts): the album a guest code opens, public to its holders.
    matches: (url) => /^\/api\/albums\/code\/[^/]+$/.test(url.pathname),
    strategy: new NetworkFirst({
      cacheName: 'momentos-album-lookups',
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      matchOptions: { ignoreVary: true },
      plugins: [onlyOk, expiring(10, 30)],
    }),
  },
  {
    // Cover images a host uploaded (random, never-changing names); covers elsewhere are the browser's to cache.
    matches: (url) => /^\/uploads\/covers\/[^/]+$/.test(url.pathname),
    strategy: new CacheFirst({ cacheName: 'momentos-covers', plugins: [onlyOk, expiring(20, 30)] }),
  },
  {
    // The album's web font (hashed, immutable): only the one an album uses is kept, not all 25 (sw.ts precaches Fraunces).
    matches: (url) => /^\/assets\/[^/]+\.woff2$/.test(url.pathname),
    strategy: new CacheFirst({ cacheName: 'momentos-fonts', plugins: [onlyOk, expiring(30, 365)] }),
  },
];

/** The runtime route for a same-origin address, if there is one. */
export function runtimeRouteFor(url: URL, origin: string): RuntimeRoute | undefined {
  return url.origin === origin ? RUNTIME_ROUTES.find((route) => route.matches(url)) : undefined;
}

/** Whether a navigation to this address opens the app (and so may be kept and answered from the cache). */
export function isAppPage(url: URL, origin: string): boolean {
  return url.origin === origin && !NOT_APP_PAGES.some((pattern) => pattern.test(url.pathname));
}
