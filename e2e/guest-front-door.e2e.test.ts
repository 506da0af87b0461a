import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, finishedAlbum, type E2eAlbum } from './support/album-fixture.js';
import { DESKTOP, PHONE, saveScreenshot, settlePage, watchPageProblems } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';

/**
 * The guest who was only told "the code is 482 913": they type it, however it was said, on the home
 * page, at /guest (reached from the menu) or on the not-found page after a wrong code, and land on the
 * album's guest page, whose first screen shows the picker uncovered under a header without the shop.
 */
const journey = useProductAndBrowser();
let album: E2eAlbum;
const problems: string[] = [];
// A wrong code's look-up answers 404 on purpose; the browser logs every failed request as an error.
const EXPECTED = /\b404\b|\/api\/tracking\//;

/** An album as hosts leave it: a cover and a welcome text above the guest's form, which push the picker to the fold. */
beforeAll(async () => {
  album = await finishedAlbum(journey.server.url, 'premium');
  const token = album.host.session.access_token;
  const cover = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#d6788c' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(cover)], { type: 'image/jpeg' }), 'portada.jpg');
  const headers = { Authorization: `Bearer ${token}` };
  const uploaded = await fetch(`${album.baseUrl}/api/upload/image`, { method: 'POST', body: form, headers });
  const coverUrl = ((await uploaded.json()) as { data: { url: string } }).data.url;
  await apiCall(album.baseUrl, `/api/customizations/${album.customizationId}`, {
    method: 'PATCH',
    token,
    body: { cover_image_url: coverUrl, event_description: 'Gracias por acompañarnos.\nComparte aquí tus fotos.' },
  });
}, 180_000);

const spaced = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;
const dashed = (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`;
/** A code of the right shape that opens no album. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function guestContext(language: 'es' | 'en', phone: boolean): Promise<BrowserContext> {
  const context = await journey.browser.newContext(
    phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : { viewport: DESKTOP },
  );
  await context.addInitScript((lang) => localStorage.setItem('momentos.language', lang), language);
  return context;
}

async function typeCode(page: Page, scope: string, typed: string) {
  const box = page.getByTestId(scope).getByTestId('album-code-box');
  const input = box.getByTestId('album-code-input');
  expect(await input.getAttribute('inputmode')).toBe('numeric');
  expect(await input.getAttribute('autocomplete')).toBe('off');
  await input.fill(typed);
  await box.getByTestId('album-code-submit').click();
}

async function expectGuestPage(page: Page, code: string) {
  await page.getByTestId('guest-upload-page').waitFor();
  expect(new URL(page.url()).pathname).toBe(`/guest/${code}`);
  expect(await page.getByTestId('guest-album-name').textContent()).toBe('Boda de Ana y Luis');
}

/** The header of a page guests open: the logo and the language, none of the shop's links. */
async function expectQuietHeader(page: Page, shopWords: string[]) {
  const header = page.getByRole('banner');
  const text = (await header.textContent()) ?? '';
  for (const word of shopWords) expect(text).not.toContain(word);
  for (const testId of ['nav-login', 'nav-create-album', 'nav-menu', 'nav-guest-code']) {
    expect(await header.getByTestId(testId).count()).toBe(0);
  }
  expect(await header.getByRole('link', { name: /Momentos/ }).count()).toBe(1);
}

/** The picker starts on the first screen, the send bar is not drawn over it, and a tap on it reaches it. */
async function expectPickerUncovered(page: Page, height: number) {
  const picker = (await page.getByTestId('guest-picker').boundingBox())!;
  // The bar around the send button (its parent), whatever it is called.
  const bar = (await page.getByTestId('guest-submit').locator('..').boundingBox())!;
  expect(picker.y).toBeLessThan(height - 40);
  expect(picker.y + picker.height, `at ${height} px`).toBeLessThanOrEqual(bar.y);
  const tapY = Math.min(picker.y + picker.height, height) - 8;
  const reached = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x, y)?.closest('[data-testid="guest-picker"]') !== null,
    [picker.x + picker.width / 2, tapY] as const,
  );
  expect(reached, `at ${height} px`).toBe(true);
}

describe('a guest who was only told the code', () => {
  it('phone, Spanish: home box with a space, the menu to /guest, a wrong code and the box again', async () => {
    const context = await guestContext('es', true);
    const page = await context.newPage();
    watchPageProblems(page, problems, EXPECTED);

    // The home page's box is on the first screen, before the hosts' pitch.
    await page.goto(`${journey.server.url}/`);
    const homeBox = page.getByTestId('home-page').getByTestId('album-code-box');
    await homeBox.waitFor();
    expect(await homeBox.textContent()).toContain('¿Tienes un código de álbum?');
    const homeBoxRect = (await homeBox.boundingBox())!;
    expect(homeBoxRect.y + homeBoxRect.height).toBeLessThan(PHONE.height / 2);
    // Checked before anything is sent: five digits are not a code.
    await typeCode(page, 'home-page', '48291');
    expect(await page.getByTestId('album-code-error').textContent()).toBe(
      'El código tiene 6 dígitos, por ejemplo 482 913. Revísalo e inténtalo otra vez.',
    );
    expect(new URL(page.url()).pathname).toBe('/');
    await settlePage(page);
    await saveScreenshot(page, 'front-door-home-invalid-phone-es');
    await typeCode(page, 'home-page', spaced(album.accessCode));
    await expectGuestPage(page, album.accessCode);

    // The guest page's first screen: a quiet header, and the picker free of the send bar.
    await expectQuietHeader(page, ['Precios', 'Entrar', 'Crear álbum', 'Funciones']);
    // At the phone's full height and at what a browser with its toolbars leaves of it (an iPhone's Safari).
    for (const height of [PHONE.height, 664]) {
      await page.setViewportSize({ width: PHONE.width, height });
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectPickerUncovered(page, height);
    }
    await settlePage(page);
    await saveScreenshot(page, 'front-door-guest-first-screen-phone-es');
    await page.setViewportSize(PHONE);

    // The phone menu leads to /guest, a page that is the code box.
    await page.goto(`${journey.server.url}/`);
    await page.getByTestId('nav-menu').click();
    await page.getByTestId('menu-guest-code').waitFor();
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'front-door-menu-phone-es');
    await page.getByTestId('menu-guest-code').click();
    await page.getByTestId('guest-code-entry').waitFor();
    expect(new URL(page.url()).pathname).toBe('/guest');
    expect(await page.title()).toContain('Entra al álbum');
    await expectQuietHeader(page, ['Precios', 'Entrar', 'Crear álbum']);
    await settlePage(page);
    await saveScreenshot(page, 'front-door-guest-entry-phone-es');

    // A wrong code: the not-found page, with the box to try again.
    await typeCode(page, 'guest-code-entry', spaced(wrongCode(album.accessCode)));
    const notFound = page.getByTestId('guest-not-found');
    await notFound.waitFor();
    expect(await notFound.textContent()).toContain('Álbum no encontrado');
    expect(await notFound.textContent()).toContain('Prueba con el código otra vez');
    await settlePage(page);
    await saveScreenshot(page, 'front-door-not-found-phone-es');
    await typeCode(page, 'guest-not-found', spaced(album.accessCode));
    await expectGuestPage(page, album.accessCode);

    await context.close();
    expect(problems).toEqual([]);
  }, 120_000);

  it('desktop, English: the nav link to /guest without a space, a wrong code, the box with a dash', async () => {
    const context = await guestContext('en', false);
    const page = await context.newPage();
    watchPageProblems(page, problems, EXPECTED);

    await page.goto(`${journey.server.url}/`);
    const homeBox = page.getByTestId('home-page').getByTestId('album-code-box');
    await homeBox.waitFor();
    expect(await homeBox.textContent()).toContain('Got an album code?');
    await typeCode(page, 'home-page', '');
    expect(await page.getByTestId('album-code-error').textContent()).toBe("Type the album's 6-digit code.");
    await settlePage(page);
    await saveScreenshot(page, 'front-door-home-desktop-en');

    // The site's bar: "I have a code" opens /guest.
    await page.getByTestId('nav-guest-code').click();
    await page.getByTestId('guest-code-entry').waitFor();
    expect(new URL(page.url()).pathname).toBe('/guest');
    expect(await page.getByTestId('guest-code-entry').textContent()).toContain('Open an album');
    await expectQuietHeader(page, ['Pricing', 'Sign in', 'Log in', 'Create album', 'Features']);
    await settlePage(page);
    await saveScreenshot(page, 'front-door-guest-entry-desktop-en');
    await typeCode(page, 'guest-code-entry', album.accessCode);
    await expectGuestPage(page, album.accessCode);
    await expectQuietHeader(page, ['Pricing', 'Sign in', 'Log in', 'Create album', 'Features']);

    // A wrong code opened directly (a mistyped link): not found, and the box with the code as printed.
    await page.goto(`${journey.server.url}/guest/${wrongCode(album.accessCode)}`);
    const notFound = page.getByTestId('guest-not-found');
    await notFound.waitFor();
    expect(await notFound.textContent()).toContain('Album not found');
    expect(await notFound.textContent()).toContain('Try the code again');
    await settlePage(page);
    await saveScreenshot(page, 'front-door-not-found-desktop-en');
    await typeCode(page, 'guest-not-found', dashed(album.accessCode));
    await expectGuestPage(page, album.accessCode);

    // /guest opened directly is a page the server draws, not its not-found page.
    const direct = await fetch(`${journey.server.url}/guest`, { headers: { accept: 'text/html' } });
    expect(direct.status).toBe(200);

    await context.close();
    expect(problems).toEqual([]);
  }, 120_000);
});
