import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { finishedAlbum } from './support/album-fixture.js';
import { PHONE } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';

// index.html paints each page's outline before the app's JavaScript runs (apps/web/first-paint):
// its inline boot script must run cleanly, pick the route and the language, and start the route's
// reads early enough that the app finds them done instead of asking again.
const journey = useProductAndBrowser();

async function openWithoutApp(path: string, language?: 'es' | 'en') {
  const context = await journey.browser.newContext({ viewport: PHONE });
  if (language) await context.addInitScript((lng) => localStorage.setItem('momentos.language', lng), language);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Only index.html and its inline script and style: the app's modules never arrive.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(journey.server.url + path);
  return { context, page, errors };
}

const shellText = (page: Page, route: string) => page.locator(`[data-shell-route=${route}]`).first().innerText();

describe('the first-paint shell', () => {
  it('paints the home page in the saved language with no script error, before any app code', async () => {
    const spanish = await openWithoutApp('/', 'es');
    expect(await spanish.page.locator('html').getAttribute('data-shell')).toBe('home');
    expect(await spanish.page.locator('html').getAttribute('lang')).toBe('es');
    expect(await shellText(spanish.page, 'home')).toContain('Todas las fotos de tu evento');
    expect(spanish.errors).toEqual([]);
    await spanish.context.close();

    const english = await openWithoutApp('/', 'en');
    expect(await shellText(english.page, 'home')).toContain('Every photo of your event');
    expect(english.errors).toEqual([]);
    await english.context.close();
  });

  it('asks for the album behind a guest code while the app downloads, and the app reuses that answer', async () => {
    const album = await finishedAlbum(journey.server.url);
    const albumRead = `/api/albums/code/${album.accessCode}`;

    const early = await openWithoutApp(`/guest/${album.accessCode}`, 'es');
    expect(await early.page.locator('html').getAttribute('data-shell')).toBe('guest');
    await expect.poll(() => early.page.evaluate((read) => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(read)), albumRead)).toBe(true);
    expect(early.errors).toEqual([]);
    await early.context.close();

    const context = await journey.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(albumRead)) reads.push(request.url());
    });
    await page.goto(`${journey.server.url}/guest/${album.accessCode}`);
    await page.getByTestId('guest-album-name').waitFor();
    expect(reads).toHaveLength(1);
    await context.close();
  });
});
