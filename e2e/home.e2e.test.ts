import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, saveScreenshot, SCREENSHOT_DIR } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';

// The example album is seeded in the background at start, as on a fresh `npm start`.
const journey = useProductAndBrowser({ env: { EXAMPLE_ALBUM: 'on' } });

async function openHome(language: 'es' | 'en' = 'es', options: { reducedMotion?: 'reduce' | 'no-preference' } = {}) {
  const context = await journey.browser.newContext({
    viewport: DESKTOP,
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  // Only a first visit gets the starting language: a reload must keep what the page saved.
  await context.addInitScript(
    (lng) => localStorage.getItem('momentos.language') ?? localStorage.setItem('momentos.language', lng),
    language,
  );
  const page = await context.newPage();
  await page.goto(journey.server.url);
  await page.getByTestId('plan-plus').waitFor();
  return { context, page };
}

const isOpen = (page: Page, item: string) => page.getByTestId(`faq-${item}`).getAttribute('data-state');

describe('the home page', () => {
  it('scrolls to the anchors, keeps one FAQ open at a time and switches prices', async () => {
    const { context, page } = await openHome();
    await page.getByRole('link', { name: 'Precios' }).click();
    await expect.poll(async () => Math.abs((await page.locator('#pricing').boundingBox())?.y ?? 999)).toBeLessThan(120);
    // The brand link is the page itself: back to the top. The same anchor tapped again scrolls there again.
    await page.getByRole('link', { name: 'Inicio de Momentos' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('link', { name: 'Precios' }).click();
    await expect.poll(async () => Math.abs((await page.locator('#pricing').boundingBox())?.y ?? 999)).toBeLessThan(120);
    await page.evaluate(() => window.scrollBy(0, -1500));
    await expect.poll(async () => (await page.locator('#pricing').boundingBox())?.y ?? 0).toBeGreaterThan(500);
    await page.getByRole('link', { name: 'Precios' }).click();
    await expect.poll(async () => Math.abs((await page.locator('#pricing').boundingBox())?.y ?? 999)).toBeLessThan(120);

    expect(await page.getByTestId('plan-popular').count()).toBe(1);
    expect(await page.getByTestId('plan-plus').getByTestId('plan-popular').count()).toBe(1);
    expect(await page.getByTestId('plan-basic').getByTestId('plan-price').textContent()).toBe('$2.99');
    await page.getByTestId('billing-lifetime').click();
    await expect.poll(() => page.getByTestId('plan-basic').getByTestId('plan-price').textContent()).toBe('$9.95');
    expect(await page.getByTestId('plan-elite').getByTestId('plan-price').textContent()).toBe('$59.95');
    expect(await page.getByTestId('plan-basic').textContent()).toContain('Acceso para siempre');
    await page.getByTestId('billing-monthly').click();
    await expect.poll(() => page.getByTestId('plan-basic').getByTestId('plan-price').textContent()).toBe('$2.99');

    await page.getByText('¿Qué es Momentos?').click();
    expect(await isOpen(page, 'what')).toBe('open');
    await page.getByText('¿Cuánto cuesta?').click();
    expect(await isOpen(page, 'cost')).toBe('open');
    expect(await isOpen(page, 'what')).toBe('closed');
    expect(await page.getByTestId('faq-cost').textContent()).toContain('299 MXN');
    await page.getByText('¿Cuánto cuesta?').click();
    expect(await isOpen(page, 'cost')).toBe('closed');
    expect(await page.getByTestId('faq').locator('[data-state="open"]').count()).toBe(0);

    // A plan's button arrives at the checkout with that plan (and its billing) chosen.
    await page.getByTestId('billing-lifetime').click();
    await page.getByTestId('plan-premium').getByRole('link').click();
    await page.waitForURL(/\/checkout$/);
    await expect.poll(() => page.getByTestId('plan-premium').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('billing-lifetime').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('checkout-continue').isEnabled()).toBe(true);

    await context.close();
  });

  it('frames the live example album, a real album of photos the server drew, and opens it in a new tab', async () => {
    await expect
      .poll(async () => (await fetch(`${journey.server.url}/api/examples/album`)).status, {
        timeout: 90_000,
        interval: 500,
      })
      .toBe(200);
    const { context, page } = await openHome();
    await page.locator('#example').scrollIntoViewIfNeeded();
    const frame = page.frameLocator('[data-testid="phone-frame"] iframe');
    await frame.getByText('Boda de Sofía y Mateo').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => frame.locator('img').count(), { timeout: 30_000 }).toBeGreaterThan(3);
    const href = await page.getByTestId('example-open').getAttribute('href');
    expect(href).toMatch(/^\/album\/[0-9a-f-]{36}\?code=\d{6}$/);
    await page.waitForTimeout(500);
    await page.locator('#example').screenshot({ path: `${SCREENSHOT_DIR}/home-example-album-desktop-es.png` });
    await context.close();
  });

  it('carries the hero e-mail to checkout only when typed, and shows the floating button after scrolling', async () => {
    const { context, page } = await openHome();
    await page.getByTestId('hero-get-started').click();
    await page.waitForURL(/\/checkout$/);
    await page.goBack();
    await page.getByTestId('hero-email').fill('ana@example.com');
    await page.getByTestId('hero-get-started').click();
    await page.waitForURL(/\/checkout\?email=ana%40example\.com$/);
    await page.getByTestId('checkout-page').waitFor();

    await page.goto(journey.server.url);
    await page.getByTestId('plan-plus').waitFor();
    expect(await page.getByTestId('floating-get-started').count()).toBe(0);
    const heroBottom = await page.evaluate(
      () => document.querySelector('#hero-title')!.closest('section')!.getBoundingClientRect().bottom,
    );
    await page.evaluate((y) => window.scrollTo(0, y + 50), heroBottom);
    await page.waitForTimeout(200);
    expect(await page.getByTestId('floating-get-started').count()).toBe(0);
    await page.evaluate((y) => window.scrollTo(0, y + 150), heroBottom);
    await page.getByTestId('floating-get-started').waitFor();
    await page.getByTestId('floating-get-started').click();
    await page.waitForURL(/\/checkout$/);
    await context.close();
  });

  it('moves the reviews, pauses them on hover and stands still under reduced motion', async () => {
    const { context, page } = await openHome();
    const offset = () =>
      page.getByTestId('reviews-track').evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41);
    // It moves only while on screen, and it starts below the fold.
    expect((await page.getByTestId('reviews-carousel').boundingBox())!.y).toBeGreaterThan(DESKTOP.height);
    const before = await offset();
    await page.waitForTimeout(300);
    expect(await offset()).toBe(before);
    await page.getByTestId('reviews-carousel').scrollIntoViewIfNeeded();
    const first = await offset();
    await expect.poll(offset).toBeLessThan(first - 5);
    expect(await page.getByTestId('reviews-track').locator('figure').count()).toBe(12);
    await page.getByTestId('reviews-carousel').hover();
    const paused = await offset();
    await page.waitForTimeout(500);
    expect(await offset()).toBe(paused);
    await context.close();

    const still = await openHome('es', { reducedMotion: 'reduce' });
    expect(await still.page.getByTestId('reviews-carousel').getAttribute('data-moving')).toBe('false');
    await still.page.waitForTimeout(300);
    expect(await still.page.getByTestId('reviews-track').evaluate((el) => getComputedStyle(el).transform)).toBe('none');
    await still.context.close();
  });

  it('switches every visible string to English, and keeps the choice across a reload', async () => {
    const { context, page } = await openHome('es');
    await page.getByTestId('lang-en').click();
    await page.getByText('Every photo of your event, in one album').waitFor();
    // Every Spanish string that differs from its English one must be gone from the page.
    const strings = async (lng: string) => {
      const flat: string[] = [];
      const walk = (value: unknown) =>
        typeof value === 'string' ? flat.push(value) : Object.values(value as object).forEach(walk);
      for (const ns of ['common', 'home'])
        walk(await (await fetch(`${journey.server.url}/locales/${lng}/${ns}.json`)).json());
      return flat;
    };
    const english = new Set(await strings('en'));
    const spanishOnly = (await strings('es')).filter(
      (text) => !english.has(text) && !text.includes('{{') && text.includes(' '),
    );
    const visible = await page.evaluate(() => document.body.innerText);
    expect(spanishOnly.filter((text) => visible.includes(text))).toEqual([]);
    expect(await page.title()).toContain('Shared photo albums');
    expect(await page.locator('meta[property="og:locale"]').getAttribute('content')).toBe('en_US');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.en.webmanifest');

    await page.reload();
    await page.getByText('Every photo of your event, in one album').waitFor();
    expect(await page.getByTestId('lang-en').getAttribute('aria-pressed')).toBe('true');
    await saveScreenshot(page, 'home-desktop-en');
    await context.close();
  });

  it('starts a fresh browser in English when /api/geo answers US, and in Spanish for MX', async () => {
    for (const [country, heading] of [
      ['US', 'Every photo of your event, in one album'],
      ['MX', 'Todas las fotos de tu evento, en un solo álbum'],
    ] as const) {
      const context = await journey.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
      await context.route('**/api/geo', (route) =>
        route.fulfill({ json: { ip: '203.0.113.9', country_code: country, country: country, city: null } }),
      );
      const page = await context.newPage();
      await page.goto(journey.server.url);
      await page.getByText(heading).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(country === 'US' ? 'en' : 'es');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await saveScreenshot(page, `home-phone-${country}`);
      await context.close();
    }
  });
});
