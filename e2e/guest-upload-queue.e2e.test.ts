import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { finishedAlbum, listedPhotos, sampleJpeg } from './support/album-fixture.js';
import { PHONE, saveScreenshot, watchPageProblems } from './support/browser.js';
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

/** A phone whose page's own queue is under test: no service worker sends files in between. */
async function phone(language: 'es' | 'en'): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await journey.browser.newContext({
    viewport: PHONE,
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
const names = (items: { originalName: string }[]) => items.map((item) => item.originalName).sort();

describe('the upload queue on a phone at the venue', () => {
  it('8 photos and a video through a link that fails 40% of upload requests all reach the album once, with no tap', async () => {
    const album = await finishedAlbum(journey.server.url, 'premium');
    const { context, page, problems } = await phone('es');
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

    const photos = await Promise.all(
      Array.from({ length: 8 }, async (_, index) => ({
        name: `mesa-${index + 1}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await sampleJpeg(300 + index),
      })),
    );
    const files = [...photos, { name: 'primer-baile.mp4', mimeType: 'video/mp4', buffer: await shortClip() }];
    await page.goto(`${journey.server.url}/guest/${album.accessCode}`);
    await page.getByTestId('guest-name').fill('Tía Carmen');
    await page.getByTestId('guest-file-input').setInputFiles(files);
    await page.getByTestId('guest-file').nth(8).waitFor();
    await page.getByTestId('guest-submit').click();

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
    const { context, page, problems } = await phone('en');
    // A slow venue link: each upload takes a while, so the reload finds files still waiting.
    await context.route(UPLOAD_REQUEST, async (route) => {
      if (route.request().method() !== 'GET') await new Promise((resolve) => setTimeout(resolve, 700));
      return route.continue();
    });
    const files = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => ({
        name: `abuelos-${index + 1}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await sampleJpeg(400 + index),
      })),
    );
    await page.goto(`${journey.server.url}/guest/${album.accessCode}`);
    await page.getByTestId('guest-name').fill('Uncle Joe');
    await page.getByTestId('guest-file-input').setInputFiles(files);
    await page.getByTestId('guest-file').nth(5).waitFor();
    await page.getByTestId('guest-submit').click();
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
});
