import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  finishedAlbum,
  hostSessionInitScript,
  joinAsGuest,
  sampleJpeg,
  uploadAsGuest,
  type E2eAlbum,
} from './support/album-fixture.js';
import { DESKTOP, launchBrowser, PHONE, saveScreenshot, settlePage, watchPageProblems } from './support/browser.js';
import { sharedProductServer } from './support/journey.js';
import type { ProductServer } from './support/product-server.js';

type Viewport = 'phone' | 'desktop';
type Language = 'es' | 'en';

let server: ProductServer;
let browser: Browser;
/** A Plus album that bought the ZIP after it was made, with one guest and one photo. */
let plus: E2eAlbum;
/** An Elite album nobody has uploaded to yet. */
let elite: E2eAlbum;
const problems: string[] = [];

/** Buys album_download for an existing album as the host's browser would: the add-on checkout, then the card page. */
async function buyZipAddon(album: E2eAlbum) {
  const token = album.host.session.access_token;
  const { url } = (
    await apiCall<{ data: { url: string } }>(server.url, `/api/events/${album.albumId}/addons/checkout`, {
      token,
      body: {
        addon: 'album_download',
        successUrl: `${server.url}/album-detail/${album.albumId}?addon_session={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${server.url}/album-detail/${album.albumId}`,
      },
    })
  ).data;
  const paid = await fetch(`${server.url}${new URL(url).pathname}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }).toString(),
  });
  if (paid.status !== 303) throw new Error(`add-on payment → ${paid.status}`);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([sharedProductServer(), launchBrowser()]);
  [plus, elite] = await Promise.all([finishedAlbum(server.url, 'plus'), finishedAlbum(server.url, 'elite')]);
  await buyZipAddon(plus);
  const guest = await joinAsGuest(plus, 'Tía Carmen');
  await uploadAsGuest(plus, guest, await sampleJpeg(7), 'IMG_007.jpg');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function hostPage(album: E2eAlbum, viewport: Viewport, language: Language) {
  const context: BrowserContext = await browser.newContext({
    viewport: viewport === 'desktop' ? DESKTOP : PHONE,
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
  });
  const { script, arg } = hostSessionInitScript(album, language);
  await context.addInitScript(script, arg);
  const page = await context.newPage();
  watchPageProblems(page, problems, /\/api\/tracking\//);
  return { context, page };
}

const TEXT = {
  es: { of: 'de', unlimited: 'ilimitados', included: 'Incluida en tu álbum', share: 'Compartir álbum' },
  en: { of: 'of', unlimited: 'unlimited', included: 'Included with your album', share: 'Share album' },
} as const;

describe('checkout sells only what the plan lacks', () => {
  it.each([
    ['phone', 'es'],
    ['desktop', 'en'],
  ] as const)(
    'offers each tier its add-ons from the one table of plan limits (%s, %s)',
    async (viewport, language) => {
      const context = await browser.newContext({
        viewport: viewport === 'desktop' ? DESKTOP : PHONE,
        isMobile: viewport === 'phone',
        hasTouch: viewport === 'phone',
      });
      await context.addInitScript((lang) => localStorage.setItem('momentos.language', lang), language);
      const page = await context.newPage();
      watchPageProblems(page, problems, /\/api\/tracking\//);
      await page.goto(`${server.url}/checkout`);
      await page.getByTestId('billing-lifetime').click();
      const offered = () =>
        page
          .locator('[data-testid^="addon-"]')
          .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')!.slice('addon-'.length)).sort());
      await page.getByTestId('plan-plus').click();
      await expect.poll(offered).toHaveLength(9);
      await page.getByTestId('plan-premium').click();
      // Premium already makes Full HD copies, has no watermark and includes the ZIP.
      await expect
        .poll(offered)
        .toEqual([
          'advanced_analytics',
          'dedicated_support',
          'extra_guests',
          'extra_photos',
          'extra_videos',
          'priority_support',
        ]);
      await page.locator('#addons-title').scrollIntoViewIfNeeded();
      await settlePage(page);
      await saveScreenshot(page, `plan-includes-checkout-premium-${viewport}-${language}`);
      await page.getByTestId('plan-elite').click();
      await expect.poll(offered).toEqual(['dedicated_support', 'extra_guests', 'extra_photos']);
      await context.close();
      expect(problems).toEqual([]);
    },
    60_000,
  );
});

describe('what the album holds and what it can do, said the same on every screen', () => {
  it.each([
    ['phone', 'es'],
    ['desktop', 'en'],
    ['phone', 'en'],
    ['desktop', 'es'],
  ] as const)(
    'Capacidades, the ZIP in Modify and the empty grid (%s, %s)',
    async (viewport, language) => {
      const words = TEXT[language];
      const name = (screen: string) => `capacities-${screen}-${viewport}-${language}`;

      // The Plus album: five capacities, used of allowed.
      const { context, page } = await hostPage(plus, viewport, language);
      await page.goto(`${server.url}/album-detail/${plus.albumId}`);
      await page.getByTestId('detail-tab-details').click();
      const card = page.getByTestId('details-capacities');
      await card.waitFor();
      const value = (key: string) => card.getByTestId(`capacity-${key}`).locator('dd').textContent();
      expect(await value('guests')).toBe(`1 ${words.of} 150`);
      expect(await value('photos')).toBe(`1 ${words.of} 300`);
      expect(await value('videos')).toBe(`0 ${words.of} 15`);
      expect(await value('messages')).toBe(`0 ${words.of} 300`);
      expect(await value('sections')).toBe(`1 ${words.of} 3`);
      expect(await page.getByTestId('details-features').textContent()).toContain(language === 'es' ? 'Sí' : 'Yes');
      await card.scrollIntoViewIfNeeded();
      await settlePage(page);
      await saveScreenshot(page, name('plus-details'));

      // Modify → Funciones agrees with Detalles: the ZIP the album bought is on.
      await page.goto(`${server.url}/modify/${plus.customizationId}`);
      await page.getByTestId('modify-tab-features').click();
      const zip = page.getByTestId('modify-toggle-enable_zip_download');
      await zip.waitFor();
      expect(await zip.getAttribute('aria-checked')).toBe('true');
      expect(await page.getByTestId('modify-page').textContent()).toContain(words.included);
      await zip.scrollIntoViewIfNeeded();
      await settlePage(page);
      await saveScreenshot(page, name('plus-modify-features'));
      await context.close();

      // The empty Elite album: unlimited clips, and the grid offers to share the album.
      const empty = await hostPage(elite, viewport, language);
      await empty.page.goto(`${server.url}/album-detail/${elite.albumId}`);
      const share = empty.page.getByTestId('photos-empty-share');
      await share.waitFor();
      expect(await share.textContent()).toBe(words.share);
      await empty.page.getByTestId('photos-empty-copy').waitFor();
      await share.scrollIntoViewIfNeeded();
      await settlePage(empty.page);
      await saveScreenshot(empty.page, name('elite-empty-grid'));
      if (viewport === 'desktop') {
        // No share sheet on a desktop browser: the button opens the Compartir tab.
        await share.click();
        await empty.page.getByTestId('share-qr').waitFor();
      }
      await empty.page.getByTestId('detail-tab-details').click();
      const eliteCard = empty.page.getByTestId('details-capacities');
      expect(await eliteCard.getByTestId('capacity-videos').locator('dd').textContent()).toBe(`0 · ${words.unlimited}`);
      expect(await eliteCard.getByTestId('capacity-messages').locator('dd').textContent()).toBe(
        `0 · ${words.unlimited}`,
      );
      expect(await eliteCard.getByTestId('capacity-guests').locator('dd').textContent()).toBe(`0 ${words.of} 500`);
      await eliteCard.scrollIntoViewIfNeeded();
      await settlePage(empty.page);
      await saveScreenshot(empty.page, name('elite-details'));
      await empty.context.close();

      expect(problems).toEqual([]);
    },
    120_000,
  );
});
