import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { finishedAlbum, joinAsGuest, sampleJpeg, uploadAsGuest } from './support/album-fixture.js';
import { DESKTOP, saveScreenshot } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';

const journey = useProductAndBrowser();

/**
 * A real finger on the viewer's photo: the browser's own touch pipeline (CDP), so it decides about
 * scrolling, overscroll and clicks as a phone's browser would, unlike events made in the page.
 */
async function swipe(page: Page, cdp: CDPSession, dx: number, dy: number) {
  const box = (await page.getByTestId('viewer-stage').boundingBox())!;
  // A thumb swiping right starts near the left edge, left near the right edge.
  const x = dx > 0 ? box.x + 20 : dx < 0 ? box.x + box.width - 20 : box.x + box.width / 2;
  const from = { x, y: box.y + box.height / 3 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  const steps = 8;
  for (let step = 1; step <= steps; step += 1) {
    const point = { x: from.x + (dx * step) / steps, y: from.y + (dy * step) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

const position = (page: Page) => page.getByTestId('viewer-position').textContent();

async function albumWithThreePhotos() {
  const album = await finishedAlbum(journey.server.url, 'premium');
  const token = await joinAsGuest(album, 'Tía Carmen');
  for (let index = 0; index < 3; index += 1)
    await uploadAsGuest(album, token, await sampleJpeg(70 + index, 1200, 800), `IMG_${70 + index}.jpg`, 'Tía Carmen');
  return album;
}

describe('the photo viewer under a finger', () => {
  it('on a 390 px phone in Spanish, at every height, a swipe right goes back a photo, left goes on, down closes', async () => {
    const album = await albumWithThreePhotos();
    for (const height of [640, 740, 844, 915]) {
      const context = await journey.browser.newContext({
        viewport: { width: 390, height },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        locale: 'es-MX',
      });
      await context.addInitScript(() => localStorage.setItem('momentos.language', 'es'));
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await page.goto(`${journey.server.url}/album/${album.albumId}?code=${album.accessCode}`);
      await page.getByTestId('album-tile').nth(1).waitFor();
      await page.getByTestId('album-tile').nth(1).tap();
      await page.getByTestId('photo-viewer').waitFor();
      await expect.poll(() => position(page)).toBe('2 de 3');

      // Right: the previous photo, and the viewer stays open.
      await swipe(page, cdp, 340, 12);
      await expect.poll(() => position(page), { message: `height ${height}` }).toBe('1 de 3');
      // A slanting, slow thumb is still a sideways swipe.
      await swipe(page, cdp, -150, 40);
      await expect.poll(() => position(page), { message: `height ${height}` }).toBe('2 de 3');
      await swipe(page, cdp, -150, -10);
      await expect.poll(() => position(page), { message: `height ${height}` }).toBe('3 de 3');
      await swipe(page, cdp, 300, 0);
      await expect.poll(() => position(page), { message: `height ${height}` }).toBe('2 de 3');
      await page.waitForTimeout(400);
      expect(await page.getByTestId('photo-viewer').isVisible()).toBe(true);
      expect(new URL(page.url()).pathname).toBe(`/album/${album.albumId}`);
      if (height === 640) await saveScreenshot(page, 'viewer-swipe-phone-640-es');

      // Down: closed, back on the grid.
      await swipe(page, cdp, 5, 220);
      await page.getByTestId('photo-viewer').waitFor({ state: 'detached' });
      await page.getByTestId('album-tile').first().waitFor();
      await context.close();
    }
  });

  it('on a desktop in English, the arrows and keys move through the photos and Escape closes', async () => {
    const album = await albumWithThreePhotos();
    const context = await journey.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    await context.addInitScript(() => localStorage.setItem('momentos.language', 'en'));
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/album/${album.albumId}?code=${album.accessCode}`);
    await page.getByTestId('album-tile').first().click();
    await page.getByTestId('photo-viewer').waitFor();
    await expect.poll(() => position(page)).toBe('1 of 3');
    await page.getByTestId('viewer-next').click();
    await expect.poll(() => position(page)).toBe('2 of 3');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => position(page)).toBe('3 of 3');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => position(page)).toBe('2 of 3');
    await saveScreenshot(page, 'viewer-swipe-desktop-en');
    await page.keyboard.press('Escape');
    await page.getByTestId('photo-viewer').waitFor({ state: 'detached' });
    await context.close();
  });
});
