import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { finishedAlbum } from './support/album-fixture.js';
import { DESKTOP, PHONE } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';

// index.html paints each page's outline before the app's JavaScript runs (apps/web/first-paint):
// its inline boot script must run cleanly and pick the route and the language; the server fills
// the guest page's album in, and the app takes that album instead of asking for it again.
const journey = useProductAndBrowser();

async function openWithoutApp(path: string, language?: 'es' | 'en', viewport = PHONE) {
  const context = await journey.browser.newContext({ viewport });
  if (language) await context.addInitScript((lng) => localStorage.setItem('momentos.language', lng), language);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Only index.html and its inline script and style: the app's modules never arrive.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(journey.server.url + path);
  return { context, page, errors };
}

/** The width of an element's text as laid out (not its box's). */
const textWidth = (element: Element) => {
  const range = document.createRange();
  range.selectNodeContents(element);
  return range.getBoundingClientRect().width;
};

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

  it('sends the built scripts and translations in the compressed copies the build wrote', async () => {
    const html = await (await fetch(journey.server.url)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    for (const file of [script!, '/locales/es/guest.json']) {
      const identity = await fetch(journey.server.url + file, { headers: { 'accept-encoding': 'identity' } });
      const brotli = await fetch(journey.server.url + file, { headers: { 'accept-encoding': 'br' } });
      expect(brotli.headers.get('content-encoding'), file).toBe('br');
      expect(identity.headers.get('content-encoding'), file).toBeNull();
      expect(await brotli.text()).toBe(await identity.text());
    }
  });

  it("draws the app's header and hero, the header's create-album button outside the checkout", async () => {
    const shell = await openWithoutApp('/', 'es', DESKTOP);
    const createAlbum = shell.page.locator('[data-first-paint] header').getByText('Crear álbum');
    expect(await createAlbum.isVisible()).toBe(true);
    const hero = await shellText(shell.page, 'home');
    // The guest's code box comes first, where the app draws it, so nothing below it moves.
    expect(hero.indexOf('¿Tienes un código de álbum?')).toBe(0);
    const shellTitleY = (await shell.page.locator('[data-shell-route=home] p.font-display').boundingBox())!.y;
    await shell.page.goto(`${journey.server.url}/checkout`);
    expect(await shell.page.locator('html').getAttribute('data-shell')).toBe('checkout');
    expect(await createAlbum.isVisible()).toBe(false);
    expect(shell.errors).toEqual([]);
    await shell.context.close();

    // The shell writes the landing counters out; they must say what the app says.
    const context = await journey.browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(() => localStorage.setItem('momentos.language', 'es'));
    const page = await context.newPage();
    await page.goto(journey.server.url);
    for (const testId of ['hero-rating', 'hero-active-events'])
      expect(hero).toContain((await page.getByTestId(testId).innerText()).trim());
    expect(await page.getByTestId('nav-create-album').innerText()).toContain('Crear álbum');
    expect((await page.locator('#hero-title').boundingBox())!.y).toBeCloseTo(shellTitleY, 0);
    await context.close();
  });

  it("shows the guest page's album name and date before any app code, and the app reuses that album", async () => {
    const album = await finishedAlbum(journey.server.url, 'premium', {
      event_name: 'Boda de Ana y Luis',
      event_date: '2027-06-12',
    });
    const albumRead = `/api/albums/code/${album.accessCode}`;

    const english = await openWithoutApp(`/guest/${album.accessCode}`, 'en');
    expect(await english.page.locator('html').getAttribute('data-shell')).toBe('guest');
    const shell = await shellText(english.page, 'guest');
    expect(shell).toContain('Boda de Ana y Luis');
    expect(shell).toContain('Saturday, June 12, 2027');
    expect(shell).not.toContain('Sábado');
    // A guest's header: the logo and the language, none of the shop (as the app draws it).
    const shellHeader = english.page.locator('[data-first-paint] header');
    expect(await shellHeader.locator('[data-lang-button=en]').isVisible()).toBe(true);
    for (const shop of ['Log in', 'Create album', 'Pricing'])
      expect(await shellHeader.getByText(shop).isVisible(), shop).toBe(false);
    const shellNameWidth = await english.page.locator('[data-shell-route=guest] header p').nth(1).evaluate(textWidth);
    expect(english.errors).toEqual([]);
    await english.context.close();

    const context = await journey.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const reads: string[] = [];
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(albumRead)) reads.push(request.url());
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${journey.server.url}/guest/${album.accessCode}`);
    await expect.poll(() => page.getByTestId('guest-album-name').textContent()).toBe('Boda de Ana y Luis');
    // The guestbook's card is the last part drawn: by then every script of the first screen was asked for.
    await page.getByTestId('guestbook-entry').waitFor();
    // zod and the contract's schemas are the host's and the checkout's (vite.config.ts names zod's chunk):
    // a venue phone's first screen evaluates none of them.
    expect(scripts.filter((script) => /\/zod-[\w-]+\.js$/.test(script))).toEqual([]);
    expect(scripts.length).toBeGreaterThan(3);
    expect(await page.getByTestId('guest-album-date').textContent()).toBe('Sábado, 12 de junio de 2027');
    // Drawn alike (font, size, letter spacing), or a name near a line's end wraps on one and not the other.
    expect(await page.getByTestId('guest-album-name').evaluate(textWidth)).toBeCloseTo(shellNameWidth, 0);
    expect(reads).toEqual([]);
    await context.close();
  });
});
