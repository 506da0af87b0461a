import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedAlbum, hostSessionInitScript, type E2eAlbum } from './support/album-fixture.js';
import { DESKTOP, launchBrowser, PHONE, saveScreenshot, settlePage, watchPageProblems } from './support/browser.js';
import { sharedProductServer } from './support/journey.js';
import type { ProductServer } from './support/product-server.js';

let server: ProductServer;
let browser: Browser;
let album: E2eAlbum;
const problems: string[] = [];
// The old code's look-up answers 410 on purpose; the browser logs every failed request as an error.
const EXPECTED = /\b(401|404|410)\b|\/api\/tracking\//;

beforeAll(async () => {
  [server, browser] = await Promise.all([sharedProductServer(), launchBrowser()]);
  album = await finishedAlbum(server.url, 'premium');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function guestContext(language: 'es' | 'en'): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  await context.addInitScript((lang) => localStorage.setItem('momentos.language', lang), language);
  return context;
}

describe('a host changes the album code from the share tab', () => {
  it('shows the new code, link and QR at once, and the old link tells guests the code changed', async () => {
    // A guest who joined on their phone before the change: the browser keeps the pass and the old code.
    const joined = await fetch(`${server.url}/api/albums/${album.albumId}/guests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Tía Rosa', accessCode: album.accessCode }),
    });
    const { guestToken } = ((await joined.json()) as { data: { guestToken: string } }).data;
    const host = await browser.newContext({ viewport: DESKTOP });
    const session = hostSessionInitScript(album, 'en');
    await host.addInitScript(session.script, session.arg);
    const page = await host.newPage();
    watchPageProblems(page, problems, EXPECTED);
    await page.goto(`${server.url}/album-detail/${album.albumId}`);
    await page.getByTestId('detail-tab-share').click();
    await page.getByTestId('share-qr').waitFor();
    expect(await page.getByTestId('share-code').textContent()).toBe(album.accessCode);
    const oldQr = await page.getByTestId('share-qr').getAttribute('src');

    await page.getByTestId('share-change-code').click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      'Printed cards, links you already shared and open slideshows stop working',
    );
    await settlePage(page);
    await saveScreenshot(page, 'album-code-change-confirm-desktop-en');
    await page.getByTestId('share-change-code-confirm').click();

    const code = page.getByTestId('share-code');
    await page.waitForFunction(
      (old) => document.querySelector('[data-testid="share-code"]')?.textContent !== old,
      album.accessCode,
    );
    const newCode = (await code.textContent()) ?? '';
    expect(newCode).toMatch(/^\d{6}$/);
    expect(await page.getByTestId('share-link').inputValue()).toMatch(new RegExp(`/guest/${newCode}$`));
    // The QR picture is fetched again, now of the new link.
    await page.waitForFunction((old) => {
      const image = document.querySelector<HTMLImageElement>('[data-testid="share-qr"]');
      return image && image.getAttribute('src') !== old && image.complete && image.naturalWidth > 100;
    }, oldQr);
    await settlePage(page);
    await saveScreenshot(page, 'album-code-change-done-desktop-en');
    await host.close();

    for (const [language, text] of [
      ['es', 'El código de este álbum cambió. Pide el nuevo código a los anfitriones o escanea el nuevo QR.'],
      ['en', "This album's code has changed. Ask the hosts for the new code or scan the new QR code."],
    ] as const) {
      const context = await guestContext(language);
      const guest = await context.newPage();
      watchPageProblems(guest, problems, EXPECTED);
      await guest.goto(`${server.url}/guest/${album.accessCode}`);
      const changed = guest.getByTestId('guest-code-changed');
      await changed.waitFor();
      expect(await changed.textContent()).toContain(text);
      expect(await changed.textContent()).not.toContain('Boda de Ana y Luis');
      await settlePage(guest);
      await saveScreenshot(guest, `album-code-changed-phone-${language}`);
      // The new code, typed as the hosts say it into the box the page offers, opens the guest page.
      await changed.getByTestId('album-code-input').fill(`${newCode.slice(0, 3)} ${newCode.slice(3)}`);
      await changed.getByTestId('album-code-submit').click();
      await guest.getByTestId('guest-upload-page').waitFor();
      expect(new URL(guest.url()).pathname).toBe(`/guest/${newCode}`);
      await context.close();
    }

    // The guest who had joined follows the saved link to the new code, their pass intact.
    const phone = await guestContext('es');
    await phone.addInitScript(([key, value]: [string, string]) => localStorage.setItem(key, value), [
      `momentos.guest.${album.albumId}`,
      JSON.stringify({ accessCode: album.accessCode, guestToken, name: 'Tía Rosa' }),
    ] as [string, string]);
    const joinedPage = await phone.newPage();
    watchPageProblems(joinedPage, problems, EXPECTED);
    await joinedPage.goto(`${server.url}/guest/${album.accessCode}`);
    await joinedPage.getByTestId('guest-upload-page').waitFor();
    expect(new URL(joinedPage.url()).pathname).toBe(`/guest/${newCode}`);
    const saved = await joinedPage.evaluate((key) => localStorage.getItem(key), `momentos.guest.${album.albumId}`);
    expect(JSON.parse(saved ?? '{}')).toMatchObject({ accessCode: newCode, guestToken });
    await phone.close();
    expect(problems).toEqual([]);
  }, 180_000);
});
