import { CACHE_PAGE_MESSAGE, type CachePageMessage } from './service-worker-messages';

/**
 * Registers the service worker (/sw.js, src/service-worker/sw.ts) from every page of a production
 * build (boot.tsx), once the page has loaded, so its install and precache never compete with the
 * first paint. A page the worker did not control yet (the first visit) then asks it to keep that
 * page and what it loaded, so a guest who opened the guest page once can open it offline.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const wasControlled = container.controller !== null;
  const register = () => {
    container.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The service worker could not be registered; the site works without it.', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
  if (wasControlled) return;
  void container.ready.then((registration) => {
    const message: CachePageMessage = {
      type: CACHE_PAGE_MESSAGE,
      page: location.href,
      resources: performance.getEntriesByType('resource').map((entry) => entry.name),
    };
    registration.active?.postMessage(message);
  });
}
