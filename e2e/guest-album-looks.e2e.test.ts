import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collectPageErrors, saveScreenshot } from './support/browser.js';
import { guestAlbumPages, tiles } from './support/guest-album-pages.js';
import { expectLaidOut, expectNoScroll, overlaps, shownPicture, type Box } from './support/layout.js';
import { useProductAndBrowser } from './support/journey.js';

// How the guests' shared album looks on a phone and a laptop, in each language: its grid, viewer and
// slideshow. What guests do in it is guest-album.e2e.test.ts.
const journey = useProductAndBrowser();
const { contextFor, albumWithPhotos } = guestAlbumPages(journey);

/** The words each screen shows in each language (apps/web/public/locales/<language>/album.json). */
const WORDS = {
  es: {
    date: 'Sábado, 12 de junio de 2027',
    count: '7 fotos',
    upload: 'Subir fotos',
    slideshow: 'Presentación en pantalla',
    openPhoto: 'Abrir foto',
    position: '2 de 7',
    close: 'Cerrar',
    previous: 'Foto anterior',
    next: 'Foto siguiente',
    like: 'Me gusta',
    back: 'Volver al álbum',
    fullscreen: 'Pantalla completa',
    scan: 'Escanea y comparte tus fotos',
  },
  en: {
    date: 'Saturday, June 12, 2027',
    count: '7 photos',
    upload: 'Upload photos',
    slideshow: 'Slideshow on screen',
    openPhoto: 'Open photo',
    position: '2 of 7',
    close: 'Close',
    previous: 'Previous photo',
    next: 'Next photo',
    like: 'Like',
    back: 'Back to the album',
    fullscreen: 'Full screen',
    scan: 'Scan and share your photos',
  },
};
type Words = (typeof WORDS)['es'];

/** A thumb's reach: WCAG's 44 px target for every control on a phone. */
const expectTappable = (boxes: Box[]) =>
  boxes.forEach((box) => expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44));

/**
 * The grid: the album's name, date and place, the count and both buttons on the first screen, in the
 * visitor's language and clear of each other; then the seven photos, each shown (not its placeholder
 * colour), several to a row below the buttons, none covering another or running off the side.
 */
async function expectGrid(page: Page, words: Words, device: 'phone' | 'desktop') {
  await expectNoScroll(page);
  expect(await page.getByTestId('album-date').textContent()).toContain(words.date);
  expect(await page.getByTestId('album-count').textContent()).toBe(words.count);
  const top = await expectLaidOut(page, {
    name: page.getByTestId('album-name'),
    date: page.getByTestId('album-date'),
    place: page.getByTestId('album-place'),
    count: page.getByTestId('album-count'),
    slideshow: page.getByRole('link', { name: words.slideshow, exact: true }),
    upload: page.getByRole('link', { name: words.upload, exact: true }),
  });
  if (device === 'phone') expectTappable([top.slideshow!, top.upload!]);

  const tileList = page.getByTestId('album-tile');
  const photos = Object.values(
    await expectLaidOut(
      page,
      Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((n) => [`photo ${n + 1}`, tileList.nth(n)])),
      {
        axis: 'x',
      },
    ),
  );
  expect(photos[0]!.y).toBeGreaterThanOrEqual(top.upload!.y + top.upload!.height);
  expect(photos.filter((box) => Math.abs(box.y - photos[0]!.y) < 1).length).toBeGreaterThanOrEqual(3);
  for (let n = 0; n < 7; n += 1) {
    expect(await tileList.nth(n).getAttribute('aria-label')).toMatch(new RegExp(`^${words.openPhoto} IMG_\\d+\\.jpg$`));
    expect((await shownPicture(tileList.nth(n).locator('img'))).loaded).toBe(true);
  }
}

/**
 * The viewer: the whole photo on screen, as large as its stage allows; its position, the buttons and
 * the details (who sent it, the like, the comment box) in the visitor's language, all on the one
 * screen without scrolling, the buttons clear of each other and the details clear of the photo.
 */
async function expectViewer(page: Page, words: Words, device: 'phone' | 'desktop') {
  // The viewer lies over the grid, which may scroll behind it; everything below is checked on screen.
  await expectNoScroll(page);
  expect(await page.getByTestId('viewer-position').textContent()).toBe(words.position);
  expect(await page.getByTestId('viewer-uploader').textContent()).toBe('Tía Carmen');
  const photo = await shownPicture(page.getByTestId('viewer-image'));
  expect(photo.loaded).toBe(true);
  const stage = (await page.getByTestId('viewer-stage').boundingBox())!;
  expect(Math.max(photo.width / stage.width, photo.height / stage.height)).toBeGreaterThan(0.95);
  const controls = await expectLaidOut(page, {
    position: page.getByTestId('viewer-position'),
    download: page.getByTestId('viewer-download'),
    close: page.getByRole('button', { name: words.close, exact: true }),
    previous: page.getByRole('button', { name: words.previous, exact: true }),
    next: page.getByRole('button', { name: words.next, exact: true }),
    uploader: page.getByTestId('viewer-uploader'),
    like: page.getByRole('button', { name: words.like, exact: true }),
    comment: page.getByTestId('viewer-comment-input'),
  });
  const viewport = page.viewportSize()!;
  expect(photo.x).toBeGreaterThanOrEqual(-0.5);
  expect(photo.y).toBeGreaterThanOrEqual(-0.5);
  expect(photo.x + photo.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(photo.y + photo.height).toBeLessThanOrEqual(viewport.height + 0.5);
  for (const detail of ['uploader', 'like', 'comment'])
    expect(overlaps(photo, controls[detail]!), `the photo covers ${detail}`).toBe(false);
  if (device === 'phone') expectTappable([controls.close!, controls.previous!, controls.next!, controls.download!]);
}

/**
 * The slideshow on a screen in the room: nothing scrolls, the whole photo shows and fills the screen
 * one way, and the album's name, the two buttons and the card with the code to join are apart.
 */
async function expectSlideshow(page: Page, words: Words, accessCode: string) {
  await expectNoScroll(page, { vertical: true });
  await expect.poll(async () => (await shownPicture(page.getByTestId('slideshow-photo'))).loaded).toBe(true);
  const photo = await shownPicture(page.getByTestId('slideshow-photo'));
  const viewport = page.viewportSize()!;
  expect(photo.x).toBeGreaterThanOrEqual(-0.5);
  expect(photo.y).toBeGreaterThanOrEqual(-0.5);
  expect(photo.x + photo.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(photo.y + photo.height).toBeLessThanOrEqual(viewport.height + 0.5);
  expect(Math.max(photo.width / viewport.width, photo.height / viewport.height)).toBeGreaterThan(0.99);
  expect(await page.getByTestId('slideshow-name').textContent()).toBe('Boda de Ana y Luis');
  expect(await page.getByTestId('slideshow-join').textContent()).toContain(words.scan);
  expect(await page.getByTestId('slideshow-code').textContent()).toBe(
    `${accessCode.slice(0, 3)} ${accessCode.slice(3)}`,
  );
  await expectLaidOut(page, {
    name: page.getByTestId('slideshow-name'),
    back: page.getByRole('link', { name: words.back, exact: true }),
    fullscreen: page.getByRole('button', { name: words.fullscreen, exact: true }),
    card: page.getByTestId('slideshow-join'),
  });
}

describe('the guests’ shared album', () => {
  it('looks finished on a phone and a laptop, in Spanish and English', async () => {
    const { album } = await albumWithPhotos(7);
    for (const language of ['es', 'en'] as const) {
      const words = WORDS[language];
      for (const device of ['phone', 'desktop'] as const) {
        const context = await contextFor(language, device);
        const page = await context.newPage();
        const problems = collectPageErrors(page);
        await page.goto(`${journey.server.url}/album/${album.albumId}?code=${album.accessCode}`);
        await tiles(page, 7);
        await page.waitForFunction(() =>
          Array.from(document.querySelectorAll('[data-testid="album-tile"] img')).every(
            (img) => (img as HTMLImageElement).complete,
          ),
        );
        await page.waitForTimeout(400);
        await saveScreenshot(page, `guest-album-grid-${device}-${language}`);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        await expectGrid(page, words, device);

        await page.getByTestId('album-tile').nth(1).click();
        await page.getByTestId('viewer-image').waitFor();
        await page.waitForFunction(
          () => (document.querySelector('[data-testid="viewer-image"]') as HTMLImageElement | null)?.complete === true,
        );
        await saveScreenshot(page, `guest-album-viewer-${device}-${language}`);
        await expectViewer(page, words, device);

        await page.goto(`${journey.server.url}/album/${album.albumId}/slideshow`);
        await page.getByTestId('slideshow-photo').waitFor();
        await page.waitForTimeout(1200);
        await saveScreenshot(page, `guest-album-slideshow-${device}-${language}`);
        await expectSlideshow(page, words, album.accessCode);
        expect(problems).toEqual([]);
        await context.close();
      }
    }
  });
});
