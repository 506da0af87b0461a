/**
 * Resolves once the app's stylesheet has loaded. The built index.html puts it at the end of the
 * body so that it does not hold back the first-paint shell (whose own CSS is inline); React must
 * not render before it. A failed load resolves too: an unstyled page beats no page.
 */
export function stylesheetReady(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
  if (!link || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}
