import { randomBytes, randomFillSync } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { finishedAlbum, listedPhotos, sampleJpeg } from './support/album-fixture.js';
import { DESKTOP, PHONE, saveScreenshot, settlePage, watchPageProblems } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';

// Issue 29, items 10 and 11: what a guest sees while sending (the overall percentage, the words for
// being offline, resuming the moment the network is back) and a file that only pretends to be a photo.
const journey = useProductAndBrowser();

async function device(language: 'es' | 'en', phone: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await journey.browser.newContext({
    ...(phone ? { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { viewport: DESKTOP }),
    locale: language === 'es' ? 'es-MX' : 'en-US',
    // The page's own queue is under test: no service worker sends the file in between.
    serviceWorkers: 'block',
  });
  await context.addInitScript((lang) => localStorage.setItem('momentos.language', lang), language);
  return { context, page: await context.newPage() };
}

/** A full-quality photo of noise (about 11 MB): sent in 5 MB pieces, so a journey sees it half sent. */
async function largeJpeg(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const pixels = Buffer.alloc(width * height * 3);
  randomFillSync(pixels);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

const status = (page: Page) => page.getByTestId('guest-file').first().getAttribute('data-status');

describe('what a guest sees while sending', () => {
  it('on a phone in Spanish: the percentage follows the bytes, offline says "Sin conexión", and the upload resumes as soon as the network is back', async () => {
    const album = await finishedAlbum(journey.server.url, 'premium');
    const { context, page } = await device('es', true);
    const problems: string[] = [];
    watchPageProblems(page, problems, /Failed to load resource|ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
    // Each piece of the large photo takes a while, as over a venue's Wi-Fi.
    await context.route(/\/api\/albums\/[^/]+\/uploads/, async (route) => {
      if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${journey.server.url}/guest/${album.accessCode}`);
    await page.getByTestId('guest-name').fill('Tía Carmen');
    await page
      .getByTestId('guest-file-input')
      .setInputFiles([{ name: 'pista-de-baile.jpg', mimeType: 'image/jpeg', buffer: await largeJpeg() }]);
    await page.getByTestId('guest-file').waitFor();
    await page.getByTestId('guest-submit').click();

    // A piece is in: the overall figure is the bytes' share, as the bytes line and the file's bar say.
    await expect
      .poll(
        async () => (await status(page)) === 'uploading' && (await page.getByTestId('guest-progress').textContent()),
        {
          timeout: 20_000,
        },
      )
      .toMatch(/^[1-9]\d?% completado$/);
    const percent = Number(/^(\d+)/.exec((await page.getByTestId('guest-progress').textContent())!)![1]);
    const row = (await page.getByTestId('guest-file-status').textContent())!;
    expect(row).toContain(`Subiendo ${percent}%`);
    await saveScreenshot(page, 'guest-upload-progress-phone-es');

    // The network goes: the file waits, and the page says the phone is offline, not that a link dropped.
    await context.setOffline(true);
    await expect.poll(() => status(page), { timeout: 15_000 }).toBe('retrying');
    await expect.poll(() => page.getByTestId('guest-file-error').textContent()).toBe('Sin conexión');
    expect((await page.getByTestId('guest-file-status').textContent())!.trim()).toBe('Esperando señal…');
    await settlePage(page);
    await saveScreenshot(page, 'guest-upload-offline-phone-es');
    // Long enough for a retry timer to have grown, were the queue polling the dead link.
    await page.waitForTimeout(4_000);

    // Back: the queue goes at once, not when a timer ends.
    await context.setOffline(false);
    const back = Date.now();
    await expect.poll(() => status(page), { timeout: 10_000, interval: 50 }).toMatch(/uploading|done/);
    expect(Date.now() - back).toBeLessThan(1_500);
    await page.getByTestId('guest-last-batch').waitFor({ timeout: 60_000 });
    expect((await listedPhotos(album)).items.map((photo) => photo.originalName)).toEqual(['pista-de-baile.jpg']);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('on a desktop in English: a text file named .jpg and random bytes named .heic are refused at once, the real photo goes', async () => {
    const album = await finishedAlbum(journey.server.url, 'premium');
    const { context, page } = await device('en', false);
    const problems: string[] = [];
    watchPageProblems(page, problems);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/albums\/[^/]+\/(photos|uploads)$/.test(request.url()))
        sent.push(request.url());
    });
    await page.goto(`${journey.server.url}/guest/${album.accessCode}`);
    await page.getByTestId('guest-name').fill('Aunt Carmen');
    await page.getByTestId('guest-file-input').setInputFiles([
      { name: 'guest-list.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Ana, Luis, Carmen, Beto\n'.repeat(40)) },
      { name: 'toast.jpg', mimeType: 'image/jpeg', buffer: await sampleJpeg(29) },
      { name: 'IMG_0007.HEIC', mimeType: '', buffer: randomBytes(4096) },
    ]);

    // Said at once, before anything is sent, each file by name.
    const notice = page.getByTestId('guest-rejected');
    await notice.waitFor();
    const text = (await notice.textContent())!;
    expect(text).toContain("guest-list.jpg: this isn't a photo or a video we can keep");
    expect(text).toContain("IMG_0007.HEIC: this isn't a photo or a video we can keep");
    expect(await page.getByTestId('guest-file-name').allTextContents()).toEqual(['toast.jpg']);
    expect(await page.getByTestId('guest-submit').textContent()).toContain('Upload 1 photo');
    expect(sent).toEqual([]);
    await settlePage(page);
    await saveScreenshot(page, 'guest-upload-not-a-photo-desktop-en');

    await page.getByTestId('guest-submit').click();
    const lastBatch = page.getByTestId('guest-last-batch');
    await lastBatch.waitFor({ timeout: 30_000 });
    expect(await lastBatch.textContent()).toContain('Done! Your file is in the album.');
    expect(sent).toHaveLength(1);
    expect((await listedPhotos(album)).items.map((photo) => photo.originalName)).toEqual(['toast.jpg']);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
