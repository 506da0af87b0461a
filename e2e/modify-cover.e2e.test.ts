import type { Customization } from '@momentos/contract';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, finishedAlbum, type E2eAlbum } from './support/album-fixture.js';
import { DESKTOP, PHONE, saveScreenshot, settlePage, watchPageProblems } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';
import { largePhonePhoto } from './support/large-photo.js';

const journey = useProductAndBrowser();
const MB = 1024 * 1024;
const HTTP_COVER = 'http://fotos.example.com/portada.jpg';

let landscape: Buffer;
let portrait: Buffer;
beforeAll(async () => {
  [landscape, portrait] = await Promise.all([largePhonePhoto(), largePhonePhoto(6)]);
  // Over the 5 MB limit, so only the browser's smaller copy can go.
  expect(landscape.length).toBeGreaterThan(5 * MB);
  expect(portrait.length).toBeGreaterThan(5 * MB);
}, 60_000);

async function hostOnModify(album: E2eAlbum, language: 'es' | 'en', problems: string[]) {
  const phone = language === 'es';
  const context = await journey.browser.newContext(
    phone
      ? { viewport: PHONE, isMobile: true, hasTouch: true, locale: 'es-MX' }
      : { viewport: DESKTOP, locale: 'en-US' },
  );
  await context.addInitScript(
    ([raw, lng]) => {
      localStorage.setItem('momentos.session', raw!);
      localStorage.setItem('momentos.language', lng!);
    },
    [JSON.stringify(album.host.session), language],
  );
  const page = await context.newPage();
  // The http address's preview is blocked by the page's CSP, as it would be for guests: that is the point.
  watchPageProblems(page, problems, /Content Security Policy|fotos\.example\.com/);
  await page.goto(`${journey.server.url}/modify/${album.customizationId}`);
  await page.getByTestId('modify-cover_image_url').waitFor();
  return { context, page };
}

/** The customization as the server holds it. */
async function saved(album: E2eAlbum) {
  const read = await apiCall<{ data: Customization }>(
    journey.server.url,
    `/api/customizations/${album.customizationId}`,
    { token: album.host.session.access_token },
  );
  return read.data;
}

/** The stored cover's size in pixels. */
async function storedSize(path: string) {
  const response = await fetch(`${journey.server.url}${path}`);
  expect(response.status).toBe(200);
  const { width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return { width, height };
}

/** Sends the upload at about 200 kB/s, so its percentage can be seen while it climbs. */
async function slowUploads(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 200 * 1024,
  });
  return () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
}

/** Scrolls the element to the middle of the screen, clear of the phone's sticky save bar. */
const centre = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));

/** Picks the photo in the cover's upload button and waits for the preview of what the server stored. */
async function uploadCover(page: Page, photo: Buffer, uploading: RegExp, shot: string) {
  await page
    .getByTestId('modify-cover-file')
    .setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
  const progress = page.getByTestId('cover-progress');
  await progress.waitFor({ timeout: 20_000 });
  expect(await progress.textContent()).toMatch(uploading);
  await page.waitForFunction(
    () => Number(document.querySelector('[data-testid="cover-progress"]')?.getAttribute('aria-valuenow')) >= 30,
  );
  expect(await progress.textContent()).toMatch(uploading);
  await centre(page, 'cover-progress');
  await saveScreenshot(page, shot);
  await progress.waitFor({ state: 'detached', timeout: 30_000 });
  expect(await page.getByTestId('cover-notice').count()).toBe(0);
  const preview = page.getByTestId('modify-cover-preview');
  await expect.poll(() => preview.getAttribute('src'), { timeout: 10_000 }).toMatch(/^\/uploads\/covers\/.+\.webp$/);
  await page.waitForFunction(
    () => (document.querySelector('[data-testid="modify-cover-preview"]') as HTMLImageElement | null)?.naturalWidth,
  );
  const path = (await preview.getAttribute('src'))!;
  expect(await page.getByTestId('modify-cover_image_url').inputValue()).toBe(path);
  return path;
}

describe('the cover on the modify screen', () => {
  it('on a desktop in English, refuses an http address keeping it, then uploads a 24 MP photo made smaller in the browser', async () => {
    const problems: string[] = [];
    const album = await finishedAlbum(journey.server.url, 'premium');
    const { context, page } = await hostOnModify(album, 'en', problems);

    const address = page.getByTestId('modify-cover_image_url');
    await address.fill(HTTP_COVER);
    const problem = page.getByTestId('address-problem');
    expect(await problem.textContent()).toBe(
      'The album page can only show images from addresses that start with https://. Change it, or upload the image.',
    );
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForTimeout(500);
    // Nothing went: the host stays on the screen with what they typed and the reason beside it.
    expect(page.url()).toMatch(/\/modify\//);
    expect(await address.inputValue()).toBe(HTTP_COVER);
    expect((await saved(album)).cover_image_url).toBe('');
    await settlePage(page);
    await saveScreenshot(page, 'modify-cover-http-desktop-en');

    const restore = await slowUploads(context, page);
    const path = await uploadCover(page, landscape, /^Uploading image… \d{1,3}%$/, 'modify-cover-uploading-desktop-en');
    await restore();
    expect(await problem.count()).toBe(0);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/\/auth$/);
    expect((await saved(album)).cover_image_url).toBe(path);
    // At most 2400 px: the browser sent its own smaller copy, and the server stored it as it came.
    expect(await storedSize(path)).toEqual({ width: 2400, height: 1600 });

    await page.goto(`${journey.server.url}/modify/${album.customizationId}`);
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="modify-cover-preview"]') as HTMLImageElement | null)?.naturalWidth,
    );
    expect(await page.getByTestId('modify-cover-preview').getAttribute('src')).toBe(path);
    await centre(page, 'modify-cover-preview');
    await settlePage(page);
    await saveScreenshot(page, 'modify-cover-saved-desktop-en');
    await context.close();
    expect(problems).toEqual([]);
  });

  it('on a 390 px phone in Spanish, uploads an upright 24 MP photo, keeps it upright, and refuses http music', async () => {
    const problems: string[] = [];
    const album = await finishedAlbum(journey.server.url, 'plus');
    const { context, page } = await hostOnModify(album, 'es', problems);

    const restore = await slowUploads(context, page);
    const path = await uploadCover(page, portrait, /^Subiendo imagen… \d{1,3}%$/, 'modify-cover-uploading-phone-es');
    await restore();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await centre(page, 'modify-cover_image_url');
    await settlePage(page);
    await saveScreenshot(page, 'modify-cover-uploaded-phone-es');

    await page.getByTestId('modify-tab-visual').click();
    const music = page.getByTestId('modify-music_url');
    await music.fill('http://musica.example.com/vals.mp3');
    expect(await page.getByTestId('address-problem').textContent()).toBe(
      'La página del álbum solo puede reproducir direcciones que empiezan por https://. Usa un enlace https:// o escribe el estilo de música.',
    );
    await page.getByTestId('modify-tab-event').click();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    // The save waits and brings the host to the field that holds it, with what they typed.
    await page.getByTestId('modify-music_url').waitFor();
    expect(await page.getByTestId('modify-music_url').inputValue()).toBe('http://musica.example.com/vals.mp3');
    expect(page.url()).toMatch(/\/modify\//);
    expect((await saved(album)).cover_image_url).toBe('');
    await centre(page, 'address-problem');
    await settlePage(page);
    await saveScreenshot(page, 'modify-music-http-phone-es');

    await page.getByTestId('modify-music_url').fill('Boleros');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.waitForURL(/\/auth$/);
    const stored = await saved(album);
    expect(stored).toMatchObject({ cover_image_url: path, music_url: 'Boleros' });
    // The phone's EXIF turn was applied before the upload: the portrait is stored standing.
    expect(await storedSize(path)).toEqual({ width: 1600, height: 2400 });

    await page.goto(`${journey.server.url}/modify/${album.customizationId}`);
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="modify-cover-preview"]') as HTMLImageElement | null)?.naturalWidth,
    );
    expect(await page.getByTestId('modify-cover-preview').getAttribute('src')).toBe(path);
    await page.getByTestId('modify-cover_image_url').fill(HTTP_COVER);
    expect(await page.getByTestId('address-problem').textContent()).toBe(
      'La página del álbum solo puede mostrar imágenes de direcciones que empiezan por https://. Cámbiala o sube la imagen.',
    );
    expect(await page.getByTestId('modify-cover_image_url').inputValue()).toBe(HTTP_COVER);
    await centre(page, 'address-problem');
    await settlePage(page);
    await saveScreenshot(page, 'modify-cover-http-phone-es');
    await context.close();
    expect(problems).toEqual([]);
  });
});
