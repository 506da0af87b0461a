import { randomFillSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedAlbum, type E2eAlbum } from './support/album-fixture.js';
import { launchBrowser, PHONE, saveScreenshot } from './support/browser.js';
import { startProductServer, type ProductServer } from './support/product-server.js';

let server: ProductServer;
let browser: Browser;
let album: E2eAlbum;

const MB = 1024 * 1024;
const CHUNK = 5 * MB;

beforeAll(async () => {
  [server, browser] = await Promise.all([startProductServer(), launchBrowser()]);
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
    const context = await browser.newContext({ viewport: PHONE, locale: 'es-MX' });
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
    // The finished upload is no longer remembered by the browser.
    const remembered = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('momentos.upload.')),
    );
    expect(remembered).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('a page reloaded mid-upload goes on from the server’s offset when the same file is picked again', async () => {
    const bytes = await largeJpeg();
    // A file on disk keeps its modification time between picks, as a phone's gallery does.
    const dir = await mkdtemp(path.join(tmpdir(), 'momentos-resumable-'));
    const file = path.join(dir, 'vals.jpg');
    await writeFile(file, bytes);
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
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
    await first.getByTestId('guest-file-input').setInputFiles(file);
    await first.getByTestId('guest-submit').click();
    await first.locator('[data-testid="guest-file"][data-status="failed"]').waitFor({ timeout: 60_000 });
    expect(await first.getByTestId('guest-file-error').textContent()).toBe(
      'You are offline. Check your connection and try again.',
    );
    await first.close();

    // Later, with the network back, the guest opens the page again and picks the same file.
    await context.setOffline(false);
    const second = await context.newPage();
    const problems: string[] = [];
    second.on('pageerror', (error) => problems.push(error.message));
    await second.goto(`${server.url}/guest/${album.accessCode}`);
    expect(await second.getByTestId('guest-name').inputValue()).toBe('Tío Pepe');
    await second.getByTestId('guest-file-input').setInputFiles(file);
    await second.getByTestId('guest-submit').click();
    await second.getByTestId('guest-last-batch').waitFor({ timeout: 90_000 });

    expect(creations).toHaveLength(1);
    const expected = [0];
    for (let offset = CHUNK; offset < bytes.length; offset += CHUNK) expected.push(offset);
    expect(patches).toEqual(expected);
    const res = await fetch(`${server.url}/api/albums/${album.albumId}/photos?pageSize=100`, {
      headers: { 'x-album-code': album.accessCode },
    });
    const listed = ((await res.json()) as { data: { items: { originalName: string; uploadedByName: string }[] } }).data
      .items;
    expect(listed).toContainEqual(expect.objectContaining({ originalName: 'vals.jpg', uploadedByName: 'Tío Pepe' }));
    expect(problems).toEqual([]);
    await context.close();
    await rm(dir, { recursive: true, force: true });
  }, 180_000);

  it('removing a half-sent file cancels its upload on the server', async () => {
    const bytes = await largeJpeg();
    const context = await browser.newContext({ viewport: PHONE, locale: 'es-MX' });
    await context.addInitScript(() => localStorage.setItem('momentos.language', 'es'));
    const deleted: string[] = [];
    await context.route('**/api/albums/*/uploads**', async (route) => {
      const request = route.request();
      if (request.method() === 'DELETE') deleted.push(new URL(request.url()).pathname);
      // The second chunk never gets through: after its tries the file is marked failed.
      if (request.method() === 'PATCH' && Number(request.headers()['upload-offset']) === CHUNK) {
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/guest/${album.accessCode}`);
    await page.getByTestId('guest-name').fill('Prima Lucía');
    await page
      .getByTestId('guest-file-input')
      .setInputFiles([{ name: 'brindis-grande.jpg', mimeType: 'image/jpeg', buffer: bytes }]);
    await page.getByTestId('guest-submit').click();
    await page.locator('[data-testid="guest-file"][data-status="failed"]').waitFor({ timeout: 60_000 });
    const uploadPath = await page.evaluate(
      () => Object.entries(localStorage).find(([key]) => key.startsWith('momentos.upload.'))?.[1] ?? null,
    );
    expect(uploadPath).toMatch(/^\/api\/albums\/[0-9a-f-]{36}\/uploads\/[0-9a-f-]{36}$/);

    // The guest gives up on it and removes it: the upload is cancelled on the server and forgotten here.
    await page.getByTestId('guest-file-remove').click();
    await expect.poll(() => deleted).toEqual([uploadPath]);
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('momentos.upload.'))),
    ).toEqual([]);
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
