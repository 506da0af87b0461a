import { getCacheKeyForURL } from 'workbox-precaching';
import type { CachePageMessage } from '@/lib/service-worker-messages';
import { isAppPage, pages, PAGES_CACHE, runtimeRouteFor } from './routes';

declare let self: ServiceWorkerGlobalScope;

/**
 * Keeps what a page loaded before this worker controlled it: on a guest's first visit the page,
 * its album font and its cover arrived before the worker was installed, and the page itself came
 * with its album written in, so the look-up was never asked for. Without this the guest page
 * would open offline only after a second visit. Each address goes through the route that would
 * have answered it (so the same rules on what is kept); addresses no route keeps are ignored.
 */
export async function cachePage(event: ExtendableEvent, message: CachePageMessage): Promise<void> {
  const origin = self.location.origin;
  const page = parseUrl(message.page, origin);
  const resources = [...new Set(message.resources)]
    .flatMap((address) => parseUrl(address, origin) ?? [])
    // The precache holds those already (the display font, the translations).
    .filter((url) => !getCacheKeyForURL(url.href));
  await Promise.allSettled([
    page && isAppPage(page, origin)
      ? pages.handle({ event, request: new Request(page.href, { headers: { accept: 'text/html' } }) })
      : undefined,
    ...resources.map((url) => runtimeRouteFor(url, origin)?.strategy.handle({ event, request: url.href })),
  ]);
}

function parseUrl(address: unknown, origin: string): URL | undefined {
  try {
    return typeof address === 'string' ? new URL(address, origin) : undefined;
  } catch {
    return undefined;
  }
}

// The app's own scripts and stylesheets a page names (its entry, and the chunks its boot script preloads).
const APP_ASSET = /\/assets\/[\w.-]+\.(?:js|css)\b/g;

/**
 * Drops kept pages of an older build: their scripts left the precache with that build, so opened
 * offline they would stay blank. The navigation then falls back to the current shell instead.
 * The page kept on the visit that brought this worker is of the current build and stays.
 */
export async function dropPagesOfOldBuilds(): Promise<void> {
  const cache = await caches.open(PAGES_CACHE);
  for (const request of await cache.keys()) {
    const html = (await (await cache.match(request))?.text()) ?? '';
    const assets = html.match(APP_ASSET) ?? [];
    if (assets.some((asset) => !getCacheKeyForURL(asset))) await cache.delete(request);
  }
}
