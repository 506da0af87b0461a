import { randomFillSync } from 'node:crypto';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedAlbum, type E2eAlbum } from './support/album-fixture.js';
import { launchBrowser, PHONE, saveScreenshot } from './support/browser.js';
import { sharedProductServer } from './support/journey.js';
import type { ProductServer } from './support/product-server.js';

let server: ProductServer;
let browser: Browser;
let album: E2eAlbum;

const MB = 1024 * 1024;
const CHUNK = 5 * MB;

beforeAll(async () => {
  [server, browser] = await Promise.all([sharedProductServer(), launchBrowser()]);
  album = await finishedAlbum(server.url, 'premium');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A full-quality photo of noise, which JPEG cannot shrink: about 11–12 MB, so above the 8 MB threshold. */
async function largeJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  randomFillSync(pixels);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe('resumable uploads on the guest page', () => {
  it('a large photo goes in chunks, and a dropped chunk is sent again from the server’s offset without restarting', async () => {
    const bytes = await largeJpeg();
    expect(bytes.length).toBeGreaterThan(8 * MB);
    expect(bytes.length).toBeLessThan(25 * MB);
    // The page's own chunks are under test: no service worker sends them (and hides them from page.route).
    const context = await browser.newContext({ viewport: PHONE, locale: 'es-MX', serviceWorkers: 'block' });
    await context.addInitScript(() => localStorage.setItem('momentos.language', 'es'));
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    // What the browser sent: every PATCH with its offset, and the aborted one.
    const patches: number[] = [];
    const creations: string[] = [];
    let dropped = 0;
    await page.route('**/api/albums/*/uploads**', async (route) => {
      const request = route.request();
      if (request.method() === 'POST') creations.push(request.url());
      if (request.method() === 'PATCH') {
        const offset = Number(request.headers()['upload-offset']);
        if (offset === CHUNK && dropped === 0) {
          // The venue's network drops the second chunk on its way.
          dropped += 1;
          await route.abort('connectionreset');
          return;
        }
        patches.push(offset);
      }
      await route.continue();
    });

    await page.goto(`${server.url}/guest/${album.accessCode}`);
    await page.getByTestId('guest-upload-page').waitFor();
    await page.getByTestId('guest-name').fill('Tía Carmen');
    await page
      .getByTestId('guest-file-input')
      .setInputFiles([{ name: 'pista-de-baile.jpg', mimeType: 'image/jpeg', buffer: bytes }]);
    await page.getByTestId('guest-submit').click();
    await page.locator('[data-testid="guest-file"][data-status="uploading"]').waitFor();
    await saveScreenshot(page, 'guest-resumable-uploading-phone-es');

    await page.getByTestId('guest-last-batch').waitFor({ timeout: 90_000 });
    await page.getByTestId('toast').getByText('¡Foto subida exitosamente!').waitFor();
    expect(dropped).toBe(1);
    expect(creations).toHaveLength(1);
    // The first chunk went once; after the drop the second was sent again from the same offset.
    const expected = [0, CHUNK];
    for (let offset = 2 * CHUNK; offset < bytes.length; offset += CHUNK) expected.push(offset);
    expect(patches).toEqual(expected);

    const res = await fetch(`${server.url}/api/albums/${album.albumId}/photos?pageSize=100`, {
      headers: { 'x-album-code': album.accessCode },
    });
    const listed = (
      (await res.json()) as { data: { items: { originalName: string; uploadedByName: string; status: string }[] } }
    ).data.items;
    expect(listed).toEqual([
      expect.objectContaining({ originalName: 'pista-de-baile.jpg', uploadedByName: 'Tía Carmen', status: 'approved' }),
    ]);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('a page closed mid-upload goes on by itself from the server’s offset when the guest opens it again', async () => {
    const bytes = await largeJpeg();
    // The page's own queue is under test here: no service worker finishes the upload in between.
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-US', serviceWorkers: 'block' });
    await context.addInitScript(() => localStorage.setItem('momentos.language', 'en'));
    const patches: number[] = [];
    const creations: string[] = [];
    let cut = false;
    await context.route('**/api/albums/*/uploads**', async (route) => {
      const request = route.request();
      if (request.method() === 'POST') creations.push(request.url());
      if (request.method() === 'PATCH') {
        const offset = Number(request.headers()['upload-offset']);
        if (offset === CHUNK && !cut) {
          // The phone loses its network after the first chunk.
          cut = true;
          await context.setOffline(true);
          await route.abort('internetdisconnected');
          return;
        }
        patches.push(offset);
      }
      await route.continue();
    });

    const first = await context.newPage();
    await first.goto(`${server.url}/guest/${album.accessCode}`);
    await first.getByTestId('guest-name').fill('Tío Pepe');
    await first
      .getByTestId('guest-file-input')
      .setInputFiles([{ name: 'vals.jpg', mimeType: 'image/jpeg', buffer: bytes }]);
    await first.getByTestId('guest-submit').click();
    await first.getByTestId('guest-offline').waitFor({ timeout: 60_000 });
    expect(await first.getByTestId('guest-file-status').textContent()).not.toContain('Not uploaded');
    await first.close();

    // Later, with the network back, the guest opens the page again and picks nothing: the file goes on.
    await context.setOffline(false);
    const second = await context.newPage();
    const problems: string[] = [];
    second.on('pageerror', (error) => problems.push(error.message));
    await second.goto(`${server.url}/guest/${album.accessCode}`);
    expect(await second.getByTestId('guest-name').inputValue()).toBe('Tío Pepe');
    const lastBatch = second.getByTestId('guest-last-batch');
    await lastBatch.waitFor({ timeout: 90_000 });
    expect(await lastBatch.textContent()).toContain('Done! Your file is in the album.');

    expect(creations).toHaveLength(1);
    const expected = [0];
    for (let offset = CHUNK; offset < bytes.length; offset += CHUNK) expected.push(offset);
    expect(patches).toEqual(expected);
    const res = await fetch(`${server.url}/api/albums/${album.albumId}/photos?pageSize=100`, {
      headers: { 'x-album-code': album.accessCode },
    });
    const listed = ((await res.json()) as { data: { items: { originalName: string; uploadedByName: string }[] } }).data
      .items;
    expect(listed.filter((photo) => photo.originalName === 'vals.jpg')).toEqual([
      expect.objectContaining({ uploadedByName: 'Tío Pepe' }),
    ]);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('removing a half-sent file that keeps failing cancels its upload on the server', async () => {
    const bytes = await largeJpeg();
    const context = await browser.newContext({ viewport: PHONE, locale: 'es-MX', serviceWorkers: 'block' });
    await context.addInitScript(() => localStorage.setItem('momentos.language', 'es'));
    const deleted: string[] = [];
    await context.route('**/api/albums/*/uploads**', async (route) => {
      const request = route.request();
      if (request.method() === 'DELETE') deleted.push(new URL(request.url()).pathname);
      // The second chunk never gets through: the file keeps trying by itself, waiting longer each time.
      if (request.method() === 'PATCH' && Number(request.headers()['upload-offset']) === CHUNK) {
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    const page = await context.newPage();
    const created = page.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/uploads$/.test(new URL(response.url()).pathname),
    );
    await page.goto(`${server.url}/guest/${album.accessCode}`);
    await page.getByTestId('guest-name').fill('Prima Lucía');
    await page
      .getByTestId('guest-file-input')
      .setInputFiles([{ name: 'brindis-grande.jpg', mimeType: 'image/jpeg', buffer: bytes }]);
    await page.getByTestId('guest-submit').click();
    const uploadPath = new URL((await created).headers()['location']!, server.url).pathname;
    expect(uploadPath).toMatch(/^\/api\/albums\/[0-9a-f-]{36}\/uploads\/[0-9a-f-]{36}$/);
    // A few tries later the wait before the next one is long enough to act on.
    const status = page.getByTestId('guest-file-status');
    await expect
      .poll(async () => Number(/en (\d+) s/.exec((await status.textContent()) ?? '')?.[1] ?? 0), { timeout: 60_000 })
      .toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('guest-file').getAttribute('data-status')).toBe('retrying');
    await saveScreenshot(page, 'guest-resumable-retrying-phone-es');

    // The guest gives up on it and removes it: the upload is cancelled on the server and leaves the list.
    await page.getByTestId('guest-file-remove').click();
    await expect.poll(() => deleted).toEqual([uploadPath]);
    await expect.poll(() => page.getByTestId('guest-file').count()).toBe(0);
    const token = await page.evaluate(
      (id) => (JSON.parse(localStorage.getItem(`momentos.guest.${id}`) ?? '{}') as { guestToken: string }).guestToken,
      album.albumId,
    );
    const head = await fetch(`${server.url}${uploadPath}`, {
      method: 'HEAD',
      headers: { 'tus-resumable': '1.0.0', 'x-guest-token': token },
    });
    expect(head.status).toBe(404);
    await context.close();
  }, 180_000);
});
