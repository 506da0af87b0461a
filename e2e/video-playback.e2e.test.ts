import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { finishedAlbum, joinAsGuest, sampleJpeg, uploadAsGuest } from './support/album-fixture.js';
import { DESKTOP, PHONE, saveScreenshot, settlePage, watchPageProblems } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';

// Its own server: the journey finds the server's ffmpeg by its data directory, and on the shared one
// another file's video could still be transcoding.
const journey = useProductAndBrowser({ ownServer: true });

/** What an iPhone records: HEVC in a QuickTime .mov, with sound. Chromium cannot play it itself. */
async function iphoneClip(): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'momentos-hevc-'));
  const file = path.join(dir, 'IMG_0042.MOV');
  await promisify(execFile)('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30:duration=6'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=6', '-shortest'],
    ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1'],
    ...['-c:a', 'aac', file],
  ]);
  const bytes = await readFile(file);
  await rm(dir, { recursive: true, force: true });
  return bytes;
}

/**
 * The ffmpeg making this server's playback copies, found as soon as it starts. The journey pauses it
 * (SIGSTOP) while it looks at the "processing" state, so a fast machine cannot finish the copy
 * before the guest gets there, then lets it go on (SIGCONT).
 */
async function transcoder(dataDir: string): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    for (const entry of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      let command = '';
      try {
        command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      } catch {
        continue; // The process ended while the list was read.
      }
      if (command.includes(dataDir) && command.includes('playback-')) return Number(entry);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('ffmpeg never started a playback copy');
}

/** A video element's own account of itself: no media error, and its clock moving. */
async function playsWithoutError(video: Locator) {
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  const start = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(start + 0.5);
  expect(await video.evaluate((element: HTMLVideoElement) => element.error?.code ?? null)).toBeNull();
}

async function device(language: 'es' | 'en', viewport: typeof PHONE) {
  const context = await journey.browser.newContext({ viewport, locale: language === 'es' ? 'es-MX' : 'en-US' });
  await context.addInitScript((lang) => localStorage.setItem('momentos.language', lang), language);
  const page = await context.newPage();
  const problems: string[] = [];
  watchPageProblems(page, problems);
  return { context, page, problems };
}

describe('a video from an iPhone', () => {
  it('shows as processing, then plays on a phone and in the slideshow', async () => {
    const album = await finishedAlbum(journey.server.url, 'premium');
    // A photo first, so the slideshow has something to move on to when the video ends.
    await uploadAsGuest(album, await joinAsGuest(album, 'Tío Pepe'), await sampleJpeg(42), 'pastel.jpg');
    const clip = await iphoneClip();

    const phone = await device('es', PHONE);
    const page: Page = phone.page;
    await page.goto(`${journey.server.url}/guest/${album.accessCode}`);
    await page.getByTestId('guest-name').fill('Abuela Rosa');
    await page
      .getByTestId('guest-file-input')
      .setInputFiles([{ name: 'IMG_0042.MOV', mimeType: 'video/quicktime', buffer: clip }]);
    await page.getByTestId('guest-file').first().waitFor();
    await page.getByTestId('guest-submit').click();
    const ffmpeg = await transcoder(journey.server.dataDir);
    process.kill(ffmpeg, 'SIGSTOP');
    try {
      await page.getByTestId('guest-album-link').click();
      const tile = page.locator('[data-testid="album-tile"][data-kind="video"]');
      await tile.getByTestId('video-processing').waitFor({ timeout: 30_000 });
      expect(await tile.getByTestId('video-processing').textContent()).toContain('Procesando');
      await settlePage(page);
      await saveScreenshot(page, 'video-processing-album-phone-es');
      await tile.click();
      const viewer = page.getByTestId('photo-viewer');
      await viewer.getByTestId('viewer-video-processing').waitFor();
      expect(await viewer.getByTestId('viewer-video').count()).toBe(0);
      await saveScreenshot(page, 'video-processing-viewer-phone-es');
    } finally {
      process.kill(ffmpeg, 'SIGCONT');
    }

    // The copy is announced on the album's live stream: the open viewer swaps in the player by itself.
    const video = page.getByTestId('photo-viewer').getByTestId('viewer-video');
    await video.waitFor({ timeout: 60_000 });
    expect(await video.getAttribute('src')).toMatch(/\/playback\?exp=/);
    await playsWithoutError(video);
    await saveScreenshot(page, 'video-ready-viewer-phone-es');
    expect(phone.problems).toEqual([]);
    await phone.context.close();

    // On the projector: the slideshow plays the video muted, then moves on to the photo when it ends.
    const projector = await device('en', DESKTOP);
    await projector.page.goto(`${journey.server.url}/album/${album.albumId}/slideshow?code=${album.accessCode}`);
    const slideVideo = projector.page.getByTestId('slideshow-video');
    await slideVideo.waitFor({ timeout: 30_000 });
    expect(await slideVideo.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
    await playsWithoutError(slideVideo);
    await saveScreenshot(projector.page, 'video-slideshow-desktop-en');
    await projector.page.getByTestId('slideshow-photo').waitFor({ timeout: 20_000 });
    expect(projector.problems).toEqual([]);
    await projector.context.close();
  }, 240_000);
});
