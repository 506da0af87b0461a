import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { finishedAlbum, listedPhotos, sampleJpeg, type E2eAlbum } from './support/album-fixture.js';
import { DESKTOP, PHONE, saveScreenshot, watchPageProblems } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';
import { seededRandom } from './support/seeded-random.js';

const journey = useProductAndBrowser();

/** A one-second H.264 clip from ffmpeg's test pattern: a real video, small enough to upload fast. */
async function shortClip(): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'momentos-clip-'));
  const file = path.join(dir, 'clip.mp4');
  await promisify(execFile)('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=320x240:rate=10'],
    ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-movflags', '+faststart', file],
  ]);
  const bytes = await readFile(file);
  await rm(dir, { recursive: true, force: true });
  return bytes;
}

/** A phone (or another screen) whose page's own queue is under test: no service worker sends files in between. */
async function device(
  language: 'es' | 'en',
  viewport = PHONE,
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await journey.browser.newContext({
    viewport,
    locale: language === 'es' ? 'es-MX' : 'en-US',
    serviceWorkers: 'block',
  });
  await context.addInitScript((lang) => localStorage.setItem('momentos.language', lang), language);
  const page = await context.newPage();
  const problems: string[] = [];
  watchPageProblems(page, problems, /Failed to load resource|ERR_CONNECTION_RESET/);
  return { context, page, problems };
}

const UPLOAD_REQUEST = /\/api\/albums\/[^/]+\/(photos$|uploads)/;
/** `count` distinct JPEGs named `{prefix}-1.jpg`…, as the picker hands them over. */
const photoFiles = (prefix: string, count: number, seed: number) =>
  Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      name: `${prefix}-${index + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await sampleJpeg(seed + index),
    })),
  );

/** A link where every upload request takes `delayMs` more, so a journey can act while files still wait. */
const slowLink = (context: BrowserContext, delayMs: number) =>
  context.route(UPLOAD_REQUEST, async (route) => {
    if (route.request().method() !== 'GET') await new Promise((resolve) => setTimeout(resolve, delayMs));
    return route.continue();
  });

/** The guest opens the page, gives a name, picks the files and taps "Subir" once. */
type PickedFile = { name: string; mimeType: string; buffer: Buffer };

async function pickAndSend(page: Page, album: E2eAlbum, guestName: string, files: PickedFile[]) {
  await page.goto(`${journey.server.url}/guest/${album.accessCode}`);
  await page.getByTestId('guest-name').fill(guestName);
  await page.getByTestId('guest-file-input').setInputFiles(files);
  await page
    .getByTestId('guest-file')
    .nth(files.length - 1)
    .waitFor();
  await page.getByTestId('guest-submit').click();
}

const names = (items: { originalName: string }[]) => items.map((item) => item.originalName).sort();

describe('the upload queue on a phone at the venue', () => {
  it('8 photos and a video through a link that fails 40% of upload requests all reach the album once, with no tap', async () => {
    const album = await finishedAlbum(journey.server.url, 'premium');
    const { context, page, problems } = await device('es');
    const random = seededRandom(17);
    const failures = { beforeServer: 0, answerLost: 0 };
    await context.route(UPLOAD_REQUEST, async (route) => {
      if (route.request().method() === 'GET' && route.request().url().endsWith('/photos')) return route.continue();
      const roll = random();
      if (roll < 0.2) {
        failures.beforeServer += 1;
        return route.abort('connectionreset');
      }
      if (roll < 0.4) {
        // The server takes the request and stores what it got; the answer never reaches the phone.
        failures.answerLost += 1;
        await route.fetch();
        return route.abort('connectionreset');
      }
      return route.continue();
    });

    const photos = await photoFiles('mesa', 8, 300);
    const files = [...photos, { name: 'primer-baile.mp4', mimeType: 'video/mp4', buffer: await shortClip() }];
    await pickAndSend(page, album, 'Tía Carmen', files);

    // Failures show as a wait before the next try, never as a dead end that needs a tap.
    await page.locator('[data-testid="guest-file"][data-status="retrying"]').first().waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('guest-file-status').allTextContents()).toContainEqual(
      expect.stringMatching(/Se enviará de nuevo sola en \d+ s|Enviando de nuevo…/),
    );
    expect(await page.getByTestId('guest-queue-summary').textContent()).toMatch(/de 9 en el álbum/);
    await saveScreenshot(page, 'guest-queue-lossy-phone-es');
    expect(await page.locator('[data-testid="guest-file"][data-status="failed"]').count()).toBe(0);

    const lastBatch = page.getByTestId('guest-last-batch');
    await lastBatch.waitFor({ timeout: 150_000 });
    expect(await lastBatch.textContent()).toContain('¡Listo! Tus 9 archivos ya están en el álbum.');
    await saveScreenshot(page, 'guest-queue-lossy-done-phone-es');
    expect(failures.beforeServer + failures.answerLost).toBeGreaterThanOrEqual(4);
    expect(failures.answerLost).toBeGreaterThanOrEqual(1);

    const listed = await listedPhotos(album);
    expect(listed.totalCount).toBe(9);
    expect(names(listed.items)).toEqual(names(files.map((file) => ({ originalName: file.name }))));
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);

  it('6 photos, the page reloaded while 3 wait: after the reload the 3 finish by themselves (English)', async () => {
    const album = await finishedAlbum(journey.server.url, 'premium');
    const { context, page, problems } = await device('en');
    // A slow venue link: each upload takes a while, so the reload finds files still waiting.
    await slowLink(context, 700);
    const files = await photoFiles('abuelos', 6, 400);
    await pickAndSend(page, album, 'Uncle Joe', files);
    const done = page.locator('[data-testid="guest-file"][data-status="done"]');
    await expect.poll(() => done.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
    expect(await page.locator('[data-testid="guest-file"][data-status="waiting"]').count()).toBeGreaterThanOrEqual(2);

    await page.reload();
    // Nothing picked again, nothing tapped: the list is back and the rest go by themselves.
    await page.getByTestId('guest-file').nth(5).waitFor();
    expect(await page.getByTestId('guest-name').inputValue()).toBe('Uncle Joe');
    expect(await page.getByTestId('guest-queue-summary').textContent()).toMatch(/of 6 in the album/);
    await saveScreenshot(page, 'guest-queue-reloaded-phone-en');
    const lastBatch = page.getByTestId('guest-last-batch');
    await lastBatch.waitFor({ timeout: 90_000 });
    expect(await lastBatch.textContent()).toContain('Done! All 6 of your files are in the album.');

    const listed = await listedPhotos(album);
    expect(listed.totalCount).toBe(6);
    expect(names(listed.items)).toEqual(names(files.map((file) => ({ originalName: file.name }))));
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('a guest who goes to the album while files upload sees them carry on there, on a desktop (Spanish)', async () => {
    const album = await finishedAlbum(journey.server.url, 'premium');
    const { context, page, problems } = await device('es', DESKTOP);
    await slowLink(context, 1200);
    await pickAndSend(page, album, 'Abuela Rosa', await photoFiles('pastel', 4, 500));
    await page.locator('[data-testid="guest-file"][data-status="done"]').first().waitFor({ timeout: 30_000 });

    await page.getByTestId('guest-album-link').click();
    const banner = page.getByTestId('album-upload-queue');
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/Subiendo tus archivos: [1-3] de 4 ya están en el álbum/);
    await saveScreenshot(page, 'guest-queue-album-banner-desktop-es');
    // Nothing tapped: the rest go from the album, the banner leaves and the grid shows all four.
    await banner.waitFor({ state: 'detached', timeout: 60_000 });
    await expect.poll(() => page.getByTestId('album-tile').count(), { timeout: 15_000 }).toBe(4);
    expect((await listedPhotos(album)).totalCount).toBe(4);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
