import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  finishedAlbum,
  hostSessionInitScript,
  joinAsGuest,
  listedPhotos,
  sampleJpeg,
  uploadAsGuest,
  type E2eAlbum,
} from './support/album-fixture.js';
import { seriousViolations } from './support/axe.js';
import { DESKTOP, PHONE, saveScreenshot, settlePage, watchPageProblems } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';

/**
 * Issue 29 item 8, bulk moderation: a host whose guests sent six photos for review approves them all
 * at once, deletes two, and downloads two as one ZIP; on a 390 px phone in Spanish by touch, and on a
 * laptop in English by keyboard.
 */
const journey = useProductAndBrowser();
const problems: string[] = [];
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A Premium album with verification on (photos wait for review) and six uploads named IMG_1…IMG_6. */
async function albumWithSixPending() {
  const album = await finishedAlbum(journey.server.url, 'premium', { enable_verification: true });
  const guest = await joinAsGuest(album, 'Tía Carmen');
  const sent: { id: string; name: string; bytes: Buffer }[] = [];
  for (let n = 1; n <= 6; n++) {
    const bytes = await sampleJpeg(60 + n, 900, 600);
    const name = `IMG_${n}.jpg`;
    const uploaded = await uploadAsGuest(album, guest, bytes, name);
    expect(uploaded.status).toBe('pending');
    sent.push({ id: uploaded.id, name, bytes });
  }
  return { album, sent };
}

async function openAlbum(album: E2eAlbum, language: 'es' | 'en', device: 'phone' | 'desktop') {
  const phone = device === 'phone';
  const context = await journey.browser.newContext({
    viewport: phone ? PHONE : DESKTOP,
    isMobile: phone,
    hasTouch: phone,
    acceptDownloads: true,
    locale: language === 'es' ? 'es-MX' : 'en-US',
  });
  const init = hostSessionInitScript(album, language);
  await context.addInitScript(init.script, init.arg);
  // The ZIP is saved as a browser download (desktop Chromium would otherwise ask where, in a picker).
  await context.addInitScript(() => Object.defineProperty(window, 'showSaveFilePicker', { value: undefined }));
  const page = await context.newPage();
  watchPageProblems(page, problems, /\/api\/tracking\//);
  await page.goto(`${journey.server.url}/album-detail/${album.albumId}`);
  await page.getByTestId('photo-tile').first().waitFor();
  return { context, page };
}

const hostPhotos = async (album: E2eAlbum) =>
  (
    await apiCall<{ data: { items: { id: string; state: string }[] } }>(
      album.baseUrl,
      `/api/events/photos/${album.albumId}?pageSize=100`,
      { token: album.host.session.access_token },
    )
  ).data.items;

const tile = (page: Page, id: string) => page.locator(`[data-testid="photo-tile"][data-photo-id="${id}"]`);
const countText = (page: Page) => page.getByTestId('selection-count').textContent();

describe('bulk moderation', () => {
  it('approves all six pending photos at once, then deletes two, on a phone in Spanish', async () => {
    const { album, sent } = await albumWithSixPending();
    const { context, page } = await openAlbum(album, 'es', 'phone');
    // Verification on and photos waiting: the grid opens on "Pendientes".
    expect(await page.getByTestId('photo-filter-pending').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('photo-tile').count()).toBe(6);

    await page.getByTestId('selection-start').scrollIntoViewIfNeeded();
    await settlePage(page);
    await saveScreenshot(page, 'host-selection-start-phone-es');
    await page.getByTestId('selection-start').tap();
    expect(await page.getByTestId('selection-all').textContent()).toBe('Seleccionar todo (6)');
    expect(await countText(page)).toBe('0 seleccionadas');
    expect(await page.getByTestId('selection-approve').isDisabled()).toBe(true);
    await tile(page, sent[0]!.id).getByRole('checkbox').tap();
    expect(await countText(page)).toBe('1 seleccionada');
    await page.getByTestId('selection-all').tap();
    expect(await countText(page)).toBe('6 seleccionadas');
    expect(await page.getByTestId('selection-clear').textContent()).toBe('Quitar selección');
    expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(6);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The chosen tiles (checkboxes) and the bar pass axe's WCAG rules.
    expect(await seriousViolations(page)).toEqual([]);
    await settlePage(page);
    await saveScreenshot(page, 'host-selection-all-phone-es');

    // The server answers slowly here, so the bar's progress can be seen (and photographed).
    await page.route('**/photos/batch', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByTestId('selection-approve').tap();
    await expect.poll(() => countText(page)).toBe('Aprobando 0 de 6…');
    expect(await page.getByTestId('selection-delete').isDisabled()).toBe(true);
    await saveScreenshot(page, 'host-selection-progress-phone-es');
    await page.getByTestId('toast').filter({ hasText: '6 fotos aprobadas' }).waitFor();
    await page.unroute('**/photos/batch');
    await page.getByTestId('photos-empty').waitFor();
    expect(await page.getByTestId('photo-filter-pending').textContent()).toBe('Pendientes0');
    expect((await hostPhotos(album)).map((photo) => photo.state)).toEqual(Array(6).fill('approved'));
    expect((await listedPhotos(album)).totalCount).toBe(6);

    // Every photo, two of them chosen by touch, deleted after the question.
    await page.getByTestId('photo-filter-all').tap();
    await expect.poll(() => page.getByTestId('photo-tile').count()).toBe(6);
    expect(await countText(page)).toBe('0 seleccionadas');
    const doomed = [sent[1]!, sent[4]!];
    for (const photo of doomed)
      await tile(page, photo.id)
        .getByRole('checkbox', { name: `Elegir ${photo.name}` })
        .tap();
    expect(await countText(page)).toBe('2 seleccionadas');
    await page.getByTestId('selection-delete').tap();
    const question = page.getByRole('alertdialog');
    await question.waitFor();
    expect(await question.getByRole('heading').textContent()).toBe('¿Borrar 2 fotos?');
    await page.waitForTimeout(250);
    await saveScreenshot(page, 'host-selection-delete-phone-es');
    await page.getByTestId('selection-delete-confirm').tap();
    await page.getByTestId('toast').filter({ hasText: '2 fotos borradas' }).waitFor();
    await expect.poll(() => page.getByTestId('photo-tile').count()).toBe(4);
    expect((await hostPhotos(album)).map((photo) => photo.id).sort()).toEqual(
      sent
        .filter((photo) => !doomed.includes(photo))
        .map((photo) => photo.id)
        .sort(),
    );
    expect(await countText(page)).toBe('0 seleccionadas');
    await settlePage(page);
    await saveScreenshot(page, 'host-selection-after-delete-phone-es');

    // Leaving the mode brings back the floating download and each photo's own buttons.
    await page.getByTestId('selection-stop').tap();
    expect(await page.getByTestId('selection-bar').count()).toBe(0);
    await tile(page, sent[0]!.id).getByTestId('photo-hide').waitFor();
    await context.close();
    expect(problems.splice(0)).toEqual([]);
  });

  it('chooses two photos by keyboard and downloads their originals as one ZIP, on a laptop in English', async () => {
    const { album, sent } = await albumWithSixPending();
    const { context, page } = await openAlbum(album, 'en', 'desktop');
    await page.getByTestId('photo-filter-all').click();
    await page.getByTestId('selection-start').focus();
    await page.keyboard.press('Enter');
    expect(await countText(page)).toBe('0 selected');
    // Tab from "Cancel" into the grid: each tile is a checkbox that Space ticks.
    await page.getByTestId('selection-stop').focus();
    const chosen: typeof sent = [];
    for (;;) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.closest('li')?.dataset.photoId);
      const photo = sent.find((item) => item.id === focused);
      if (!photo) throw new Error(`focus left the grid: ${focused}`);
      if (photo === sent[2] || photo === sent[5]) {
        await page.keyboard.press('Space');
        chosen.push(photo);
      }
      if (chosen.length === 2) break;
    }
    expect(await countText(page)).toBe('2 selected');
    expect(await tile(page, sent[2]!.id).getAttribute('data-selected')).toBe('true');
    expect(await page.getByTestId('selection-approve').textContent()).toBe('Approve');
    await settlePage(page);
    await saveScreenshot(page, 'host-selection-two-desktop-en');

    const download = page.waitForEvent('download');
    await page.getByTestId('selection-download').focus();
    await page.keyboard.press('Enter');
    const done = await download;
    expect(done.suggestedFilename()).toBe('Boda de Ana y Luis_seleccion.zip');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-selection-zip-')), 'selection.zip');
    await done.saveAs(file);
    const entries = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
    // Oldest shot first, numbered within the selection.
    expect(entries).toEqual(['fotos/Boda de Ana y Luis_foto_1.jpg', 'fotos/Boda de Ana y Luis_foto_2.jpg']);
    expect(entries.map((entry) => sha256(execFileSync('unzip', ['-p', file, entry])))).toEqual(
      [sent[2]!, sent[5]!].map((photo) => sha256(photo.bytes)),
    );
    await page.getByTestId('toast').filter({ hasText: 'Download complete' }).waitFor();
    // Downloading keeps the choice, ready for the next step; nothing changed state.
    expect(await countText(page)).toBe('2 selected');
    expect((await hostPhotos(album)).every((photo) => photo.state === 'pending')).toBe(true);

    // Select all on a laptop, then approve: the bar counts in English.
    await page.getByTestId('selection-all').click();
    expect(await countText(page)).toBe('6 selected');
    await page.getByTestId('selection-approve').click();
    await page.getByTestId('toast').filter({ hasText: '6 photos approved' }).waitFor();
    await settlePage(page);
    await saveScreenshot(page, 'host-selection-approved-desktop-en');
    await context.close();
    expect(problems.splice(0)).toEqual([]);
  });
});
