import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import enAlbum from '../apps/web/public/locales/en/album.json';
import enCheckout from '../apps/web/public/locales/en/checkout.json';
import enGuest from '../apps/web/public/locales/en/guest.json';
import enHome from '../apps/web/public/locales/en/home.json';
import esAlbum from '../apps/web/public/locales/es/album.json';
import esCheckout from '../apps/web/public/locales/es/checkout.json';
import esGuest from '../apps/web/public/locales/es/guest.json';
import esHome from '../apps/web/public/locales/es/home.json';
import {
  finishedAlbum,
  hostSessionInitScript,
  joinAsGuest,
  sampleJpeg,
  uploadAsGuest,
  type E2eAlbum,
} from './support/album-fixture.js';
import { PHONE, saveScreenshot } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';

// On a 390 px phone: every tab of the album detail within reach, floating buttons that never sit
// on a control or the footer, and a tab title in the language the visitor picked.
const journey = useProductAndBrowser({ env: { EXAMPLE_ALBUM: 'on' } });
let album: E2eAlbum;

beforeAll(async () => {
  album = await finishedAlbum(journey.server.url, 'premium', { enable_basic_analytics: true });
  const guest = await joinAsGuest(album);
  for (let seed = 1; seed <= 5; seed += 1) await uploadAsGuest(album, guest, await sampleJpeg(seed), `IMG_${seed}.jpg`);
  // The example album is drawn by the server after it starts.
  for (let tries = 0; tries < 120 && !(await fetch(`${journey.server.url}/api/examples/album`)).ok; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, 120_000);

async function phone(language: 'es' | 'en', host = false): Promise<Page> {
  const context = await journey.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  if (host) {
    const { script, arg } = hostSessionInitScript(album, language);
    await context.addInitScript(script, arg);
  } else {
    await context.addInitScript((lang) => localStorage.setItem('momentos.language', lang), language);
  }
  return context.newPage();
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const box = async (locator: Locator) => (await locator.boundingBox())!;
// The site scrolls smoothly; a journey jumps, then lets two frames pass for what reacts to the scroll.
const scrollTo = (page: Page, y: number) =>
  page.evaluate(
    (top) =>
      new Promise(
        (done) => (
          window.scrollTo({ top, behavior: 'instant' }),
          requestAnimationFrame(() => requestAnimationFrame(done))
        ),
      ),
    y,
  );

describe('on a 390 px phone', () => {
  it('every album detail tab can be reached and is fully in view once chosen', async () => {
    const page = await phone('es', true);
    await page.goto(`${journey.server.url}/album-detail/${album.albumId}`);
    const tabs = ['photos', 'itinerary', 'details', 'share', 'analytics'].map((value) =>
      page.getByTestId(`detail-tab-${value}`),
    );
    await tabs[0]!.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect((await box(tabs[0]!)).x).toBeGreaterThanOrEqual(16);

    // More tabs than the width: the strip says so at its end, and a tap there brings them in.
    const more = page.getByTestId('detail-tabs-more-after');
    expect(await more.getAttribute('data-shown')).toBe('true');
    const last = await box(tabs[4]!);
    expect(last.x + last.width).toBeGreaterThan(PHONE.width);
    await saveScreenshot(page, 'detail-tabs-start-phone-es');
    for (let taps = 0; taps < 5 && (await more.getAttribute('data-shown')) === 'true'; taps += 1) {
      await more.click();
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    }
    const shown = await box(tabs[4]!);
    expect(shown.x + shown.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.getByTestId('detail-tabs-more-before').getAttribute('data-shown')).toBe('true');

    // Radix tabs switch on mousedown; a tap on a half-hidden tab scrolls the strip to show all of it.
    for (const tab of tabs) {
      await tab.dispatchEvent('mousedown', { button: 0 });
      await expect.poll(() => tab.getAttribute('data-state')).toBe('active');
      await expect.poll(async () => (await box(tab)).x).toBeGreaterThanOrEqual(0);
      const chosen = await box(tab);
      expect(chosen.x + chosen.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.context().close();
  });

  it('"Descargar Fotos" settles under the last photos, clear of their buttons and of the footer', async () => {
    const page = await phone('es', true);
    await page.goto(`${journey.server.url}/album-detail/${album.albumId}`);
    await page.getByTestId('photo-grid').waitFor();
    await scrollTo(page, 100_000);
    const download = page.getByTestId('download-zip');
    await download.waitFor();
    const button = await box(download);
    const lastTile = page.getByTestId('photo-tile').last();
    for (const action of await lastTile.getByRole('button').all())
      expect(overlaps(button, await box(action))).toBe(false);
    expect(overlaps(button, await box(page.locator('footer')))).toBe(false);
    await saveScreenshot(page, 'detail-download-end-phone-es');
    await page.context().close();
  });

  it('"Crear mi álbum" never covers the example album’s link or the footer', async () => {
    const page = await phone('es');
    await page.goto(journey.server.url);
    // The sections below the hero mount one by one as the page is scrolled.
    const link = page.getByTestId('example-open');
    for (let step = 0; step < 60 && !(await link.isVisible()); step += 1) await page.mouse.wheel(0, 600);
    await link.waitFor();
    const cta = page.getByTestId('floating-get-started');
    const linkTop = await page.evaluate(
      () => document.querySelector('[data-testid="example-open"]')!.getBoundingClientRect().top + window.scrollY,
    );
    let checked = 0;
    for (let y = linkTop - PHONE.height; y <= linkTop + 40; y += 24) {
      await scrollTo(page, y);
      if (!(await cta.isVisible())) continue;
      checked += 1;
      expect(overlaps(await box(cta), await box(link)), `scrolled to ${y}`).toBe(false);
    }
    expect(checked).toBeGreaterThan(0);

    await scrollTo(page, 100_000);
    await cta.waitFor();
    expect(overlaps(await box(cta), await box(page.locator('footer')))).toBe(false);
    expect(await cta.textContent()).toContain(esHome.floating.getStarted);
    await saveScreenshot(page, 'home-floating-end-phone-es');
    await page.context().close();
  });
});

describe('the tab title follows the language', () => {
  const brand = (title: string) => `${title} · Momentos`;
  const stepLabel = (text: string) => text.replace('{{current}}', '1').replace('{{total}}', '3');
  const titles = () => [
    { path: '/', es: brand(esHome.meta.title), en: brand(enHome.meta.title) },
    {
      path: '/checkout',
      es: brand(`${esCheckout.steps.plan.title} · ${stepLabel(esCheckout.stepLabel)}`),
      en: brand(`${enCheckout.steps.plan.title} · ${stepLabel(enCheckout.stepLabel)}`),
    },
    {
      path: `/guest/${album.accessCode}`,
      es: brand(esGuest.documentTitle.replace('{{album}}', 'Boda de Ana y Luis')),
      en: brand(enGuest.documentTitle.replace('{{album}}', 'Boda de Ana y Luis')),
    },
    // An album opened without its code asks for it, under its own title.
    { path: `/album/${album.albumId}`, es: brand(esAlbum.code.title), en: brand(enAlbum.code.title) },
  ];

  it('changes at once when the visitor switches language', async () => {
    for (const { path, es, en } of titles()) {
      const page = await phone('es');
      await page.goto(`${journey.server.url}${path}`);
      await page.waitForFunction((title) => document.title === title, es, { timeout: 10_000 });
      await page.getByTestId('lang-en').first().click();
      await page.waitForFunction((title) => document.title === title, en, { timeout: 1000 });
      await page.getByTestId('lang-es').first().click();
      await page.waitForFunction((title) => document.title === title, es, { timeout: 1000 });
      await page.context().close();
    }
  });

  it('is in the visitor’s language from the first paint, before the app runs', async () => {
    const shellTitles = [
      { path: '/', en: brand(enHome.meta.title) },
      { path: '/checkout', en: brand(`${enCheckout.steps.plan.title} · ${stepLabel(enCheckout.stepLabel)}`) },
      { path: `/guest/${album.accessCode}`, en: brand(enGuest.title) },
    ];
    for (const { path, en } of shellTitles) {
      const page = await phone('en');
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(`${journey.server.url}${path}`, { waitUntil: 'domcontentloaded' });
      expect(await page.title()).toBe(en);
      await page.context().close();
    }
  });
});
