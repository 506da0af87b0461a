import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { finishedAlbum, joinAsGuest, sampleJpeg, uploadAsGuest, type E2eAlbum } from './support/album-fixture.js';
import { DESKTOP, PHONE, saveScreenshot } from './support/browser.js';
import { expectLaidOut, expectNoScroll, overlaps, shownPicture, type Box } from './support/layout.js';
import { useProductAndBrowser } from './support/journey.js';

const journey = useProductAndBrowser();

type Language = 'es' | 'en';
const PHONE_OPTIONS = { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

async function contextFor(language: Language, device: 'phone' | 'desktop'): Promise<BrowserContext> {
  const context = await journey.browser.newContext({
    ...(device === 'phone' ? PHONE_OPTIONS : { viewport: DESKTOP }),
    locale: language === 'es' ? 'es-MX' : 'en-US',
  });
  await context.addInitScript((lang) => localStorage.setItem('momentos.language', lang), language);
  return context;
}

function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** A horizontal or downward swipe on the viewer's photo, as touch events. */
async function swipe(page: Page, dx: number, dy: number) {
  await page.getByTestId('viewer-image').evaluate(
    (element, [x, y]) => {
      const rect = element.getBoundingClientRect();
      const from = { clientX: rect.left + rect.width / 2, clientY: rect.top + rect.height / 3 };
      const touch = (point: { clientX: number; clientY: number }) =>
        new Touch({ identifier: 1, target: element, ...point });
      element.dispatchEvent(
        new TouchEvent('touchstart', { bubbles: true, touches: [touch(from)], changedTouches: [touch(from)] }),
      );
      const to = { clientX: from.clientX + x!, clientY: from.clientY + y! };
      element.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(to)] }));
    },
    [dx, dy],
  );
}

/** Waits until the grid shows exactly `count` tiles. */
async function tiles(page: Page, count: number) {
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="album-tile"]').length === n, count, {
    timeout: 15_000,
  });
}

let seed = 10;
async function albumWithPhotos(count: number, guestName = 'Tía Carmen') {
  const album = await finishedAlbum(journey.server.url, 'premium');
  const token = await joinAsGuest(album, guestName);
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1)
    ids.push(
      (
        await uploadAsGuest(
          album,
          token,
          await sampleJpeg((seed += 1), index % 2 ? 800 : 1200, index % 2 ? 1200 : 800),
          `IMG_${seed}.jpg`,
          guestName,
        )
      ).id,
    );
  return { album, token, ids };
}

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
  it('a guest on a phone browses, likes and comments; others see a new photo arrive without reloading', async () => {
    const { album, token, ids } = await albumWithPhotos(2);
    const phone = await (await contextFor('es', 'phone')).newPage();
    const problems = collectProblems(phone);

    await phone.goto(`${journey.server.url}/album/${album.albumId}?code=${album.accessCode}`);
    await tiles(phone, 2);
    // The code went to local storage and out of the address bar.
    expect(new URL(phone.url()).search).toBe('');
    expect(await phone.getByTestId('album-name').textContent()).toBe('Boda de Ana y Luis');
    expect(await phone.getByTestId('album-upload-link').getAttribute('href')).toBe(`/guest/${album.accessCode}`);
    // Newest first: the second upload is the first tile.
    expect(await phone.getByTestId('album-tile').first().getAttribute('data-photo-id')).toBe(ids[1]);

    await phone.getByTestId('album-tile').first().click();
    await phone.getByTestId('photo-viewer').waitFor();
    expect(new URL(phone.url()).searchParams.get('photo')).toBe(ids[1]);
    expect(await phone.getByTestId('viewer-uploader').textContent()).toBe('Tía Carmen');
    expect(await phone.getByTestId('viewer-position').textContent()).toBe('1 de 2');

    // Swipe left: the next (older) photo; swipe right: back.
    await swipe(phone, -150, 5);
    await expect.poll(() => new URL(phone.url()).searchParams.get('photo'), { timeout: 10_000 }).toBe(ids[0]);
    // The address changes first; the viewer renders the new position right after.
    await expect.poll(() => phone.getByTestId('viewer-position').textContent()).toBe('2 de 2');

    // Liking needs a name: the visitor holds only the code, so they join first.
    await phone.getByTestId('viewer-like').click();
    await phone.getByTestId('viewer-join').waitFor();
    await saveScreenshot(phone, 'guest-album-viewer-join-phone-es');
    await phone.locator('#viewer-join-name').fill('Primo Beto');
    await phone.getByTestId('viewer-join-submit').click();
    await expect.poll(() => phone.getByTestId('viewer-like-count').textContent(), { timeout: 10_000 }).toBe('1');
    expect(await phone.getByTestId('viewer-like').getAttribute('aria-pressed')).toBe('true');

    const comment = '¡Qué bonita foto! <b>no es html</b>';
    await phone.getByTestId('viewer-comment-input').fill(comment);
    await phone.getByTestId('viewer-comment-send').click();
    const shown = phone.getByTestId('viewer-comment').filter({ hasText: comment });
    await shown.waitFor();
    expect(await shown.textContent()).toContain('Primo Beto');
    await saveScreenshot(phone, 'guest-album-viewer-commented-phone-es');

    // The server kept both, for this guest: a reload still shows them.
    await phone.reload();
    await phone.getByTestId('photo-viewer').waitFor();
    await expect.poll(() => phone.getByTestId('viewer-like-count').textContent(), { timeout: 10_000 }).toBe('1');
    await phone.getByTestId('viewer-comment').filter({ hasText: comment }).waitFor();

    // A downward swipe closes the viewer.
    await swipe(phone, 0, 220);
    await phone.getByTestId('photo-viewer').waitFor({ state: 'detached' });
    expect(new URL(phone.url()).searchParams.get('photo')).toBeNull();

    // Two more screens: the grid on a laptop and the slideshow, both open before the upload.
    const laptop = await (await contextFor('en', 'desktop')).newPage();
    const projector = await (await contextFor('es', 'desktop')).newPage();
    const otherProblems = [...collectProblems(laptop), ...collectProblems(projector)];
    await laptop.goto(`${journey.server.url}/album/${album.albumId}?code=${album.accessCode}`);
    await tiles(laptop, 2);
    await projector.goto(`${journey.server.url}/album/${album.albumId}/slideshow?code=${album.accessCode}`);
    await projector.getByTestId('slideshow-photo').waitFor();
    expect(await projector.getByTestId('slideshow-code').textContent()).toBe(
      `${album.accessCode.slice(0, 3)} ${album.accessCode.slice(3)}`,
    );

    // A marker in each page's memory: it survives only if nobody reloads.
    for (const page of [laptop, projector, phone])
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    const fresh = await uploadAsGuest(album, token, await sampleJpeg(999), 'IMG_NEW.jpg');
    const freshTile = `[data-testid="album-tile"][data-photo-id="${fresh.id}"]`;
    // Seconds, not a reload: the wait allows for a loaded CI machine.
    await laptop.locator(freshTile).waitFor({ timeout: 20_000 });
    await phone.locator(freshTile).waitFor({ timeout: 20_000 });
    expect(await laptop.getByTestId('album-tile').first().getAttribute('data-photo-id')).toBe(fresh.id);
    // The new photo jumps the slideshow's queue: on screen within one slide (6 s) and its fade.
    await projector
      .locator(`[data-testid="slideshow-photo"][data-photo-id="${fresh.id}"]`)
      .waitFor({ timeout: 20_000 });

    for (const page of [laptop, projector, phone])
      expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
    expect(problems).toEqual([]);
    expect(otherProblems).toEqual([]);
    await Promise.all([phone.context().close(), laptop.context().close(), projector.context().close()]);
  });

  it('asks a visitor without the code for it, and shows an empty album with a way to upload', async () => {
    const album: E2eAlbum = await finishedAlbum(journey.server.url, 'premium');
    const page = await (await contextFor('es', 'phone')).newPage();
    await page.goto(`${journey.server.url}/album/${album.albumId}`);
    await page.getByTestId('album-code-form').waitFor();
    await page.locator('#album-code').fill(album.accessCode === '000000' ? '111111' : '000000');
    await page.getByTestId('album-code-submit').click();
    await page.getByRole('alert').waitFor();
    await page.locator('#album-code').fill(album.accessCode);
    await page.getByTestId('album-code-submit').click();
    await page.getByTestId('album-empty').waitFor();
    expect(await page.getByTestId('album-empty').textContent()).toContain('No hay fotos aún');
    await saveScreenshot(page, 'guest-album-empty-phone-es');
    await page.goto(`${journey.server.url}/album/${album.albumId}/slideshow`);
    await page.getByTestId('slideshow-empty').waitFor();
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    await saveScreenshot(page, 'guest-album-slideshow-empty-phone-es');
    await page.context().close();
  });

  it('looks finished on a phone and a laptop, in Spanish and English', async () => {
    const { album } = await albumWithPhotos(7);
    for (const language of ['es', 'en'] as const) {
      const words = WORDS[language];
      for (const device of ['phone', 'desktop'] as const) {
        const context = await contextFor(language, device);
        const page = await context.newPage();
        const problems = collectProblems(page);
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
