import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { listedPhotos, sampleJpeg, type E2eAlbum } from './album-fixture.js';
import { PHONE_OPTIONS, saveScreenshot } from './browser.js';

/**
 * A guest at the venue (issue 17): opens the guest page once with a signal, loses it, and opens the
 * page again from the phone's cache (the service worker, apps/web/src/service-worker).
 */
export type Language = 'es' | 'en';

export interface GuestPhone {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page. */
  problems: string[];
}

/**
 * Opens the guest page once, online, and waits until the service worker controls it and holds
 * the page (and `keptUrls`, e.g. the cover) in its caches: what a guest's first visit leaves behind.
 */
export async function openGuestPageOnce(
  browser: Browser,
  album: E2eAlbum,
  language: Language,
  keptUrls: string[] = [],
): Promise<GuestPhone> {
  const context = await browser.newContext({ ...PHONE_OPTIONS, locale: language === 'es' ? 'es-MX' : 'en-US' });
  await context.addInitScript((lang) => localStorage.setItem('momentos.language', lang), language);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${album.baseUrl}/guest/${album.accessCode}`);
  await page.getByTestId('guest-upload-page').waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  // Polled from here: waitForFunction does not wait for a predicate's promise.
  const kept = [page.url(), ...keptUrls.map((url) => new URL(url, album.baseUrl).href)];
  const allKept = () =>
    page.evaluate(
      async (urls) => (await Promise.all(urls.map((url) => caches.match(url, { ignoreVary: true })))).every(Boolean),
      kept,
    );
  await expect.poll(allKept, { timeout: 30_000, interval: 250 }).toBe(true);
  return { context, page, problems };
}

/** Cuts the phone's network (the page's and the service worker's), checks it is cut, and reloads the page. */
export async function reloadOffline({ context, page }: GuestPhone): Promise<void> {
  await context.setOffline(true);
  const reachesServer = () =>
    fetch('/healthz', { cache: 'no-store' }).then(
      () => true,
      () => false,
    );
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker in the context');
  // Neither the page nor the worker reaches the server: what the reload shows comes from the phone.
  expect(await page.evaluate(reachesServer)).toBe(false);
  expect(await worker.evaluate(reachesServer)).toBe(false);
  await page.reload();
  await page.getByTestId('guest-upload-page').waitFor({ timeout: 15_000 });
}

/**
 * The end of the offline journey, on a guest page reloaded offline (reloadOffline): the guest
 * names themself and picks 2 photos, which wait; the network returns and both reach the album,
 * once each, without a tap. Needs the upload queue of issue 17.
 */
export async function offlinePickThenReconnect(page: Page, context: BrowserContext, album: E2eAlbum): Promise<void> {
  const stamp = Date.now();
  const names = [`sin-senal-1-${stamp}.jpg`, `sin-senal-2-${stamp}.jpg`];
  await page.getByTestId('guest-name').fill('Prima Lucía');
  await page
    .getByTestId('guest-file-input')
    .setInputFiles(
      await Promise.all(
        names.map(async (name, index) => ({ name, mimeType: 'image/jpeg', buffer: await sampleJpeg(stamp + index) })),
      ),
    );
  const rows = page.getByTestId('guest-file');
  await expect.poll(() => rows.count()).toBe(2);
  await page.getByTestId('guest-submit').click();
  // Offline, tapping "Subir" neither fails nor loses them: they wait on the phone, and the page says so.
  const statuses = () => rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-status')));
  await expect.poll(statuses, { timeout: 10_000 }).toEqual(['waiting', 'waiting']);
  expect(await page.getByTestId('guest-offline').textContent()).toContain(
    'Tus archivos están guardados en este teléfono',
  );
  await saveScreenshot(page, 'guest-offline-waiting-phone-es');

  // The signal comes back: no tap, the page (or the service worker) sends them, and the list clears.
  await context.setOffline(false);
  const lastBatch = page.getByTestId('guest-last-batch');
  await lastBatch.waitFor({ timeout: 60_000 });
  expect(await lastBatch.textContent()).toContain('¡Listo! Tus 2 archivos ya están en el álbum.');
  const inAlbum = (await listedPhotos(album)).items.map((photo) => photo.originalName);
  expect(names.map((name) => inAlbum.filter((stored) => stored === name).length)).toEqual([1, 1]);
}
