import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  finishedAlbum,
  joinAsGuest,
  sampleJpeg,
  uploadAsGuest,
  type E2eAlbum,
} from './support/album-fixture.js';
import { addPendingOrder } from './support/host-fixture.js';
import {
  DESKTOP,
  launchBrowser,
  PHONE,
  saveScreenshot,
  SCREENSHOT_DIR,
  settlePage,
  watchPageProblems,
} from './support/browser.js';
import { sharedProductServer } from './support/journey.js';
import type { ProductServer } from './support/product-server.js';

type Viewport = 'desktop' | 'phone';
type Language = 'es' | 'en';

// The host's archive holds every photo of the album, pending and hidden ones too (the host keeps everything).
const EXPECTED_ZIP_ENTRIES = 5;

let server: ProductServer;
let browser: Browser;
let album: E2eAlbum;
let emptyHost: { access_token: string };
const photoIds: string[] = [];
const problems: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([sharedProductServer(), launchBrowser()]);
  album = await finishedAlbum(server.url, 'premium', {
    enable_verification: true,
    enable_basic_analytics: true,
    font_type: 'Georgia',
  });
  const token = album.host.session.access_token;
  const carmen = await joinAsGuest(album, 'Tía Carmen');
  const jorge = await joinAsGuest(album, 'Primo Jorge');
  for (const [index, guest] of [carmen, carmen, carmen, jorge, jorge].entries()) {
    const uploaded = await uploadAsGuest(
      album,
      guest,
      await sampleJpeg(index + 1),
      `IMG_00${index + 1}.jpg`,
      guest === carmen ? 'Tía Carmen' : 'Primo Jorge',
    );
    expect(uploaded.status).toBe('pending');
    photoIds.push(uploaded.id);
  }
  for (const entry of [
    {
      icono: 'Church',
      hora: '17:00',
      titulo: 'Ceremonia',
      descripcion: 'Misa en la capilla de la hacienda',
      ubicacion: 'Capilla San Gabriel',
    },
    { icono: 'Utensils', hora: '20:30', titulo: 'Cena', descripcion: '', ubicacion: 'Jardín principal' },
    { icono: 'Music', hora: '22:00', titulo: 'Baile', descripcion: 'Hasta que el cuerpo aguante', ubicacion: '' },
  ]) {
    await apiCall(server.url, `/api/customizations/${album.customizationId}/itinerary`, { body: entry, token });
  }
  await addPendingOrder(server.url, album);
  const email = `empty-${Date.now()}@example.com`;
  emptyHost = (
    await apiCall<{ data: { session: { access_token: string } } }>(server.url, '/api/auth/register', {
      body: { email, password: 'fiesta-2026' },
    })
  ).data.session;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function hostContext(session: unknown, viewport: Viewport, language: Language): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: viewport === 'desktop' ? DESKTOP : PHONE,
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
    acceptDownloads: true,
  });
  await context.addInitScript(
    ([raw, lang]) => {
      localStorage.setItem('momentos.session', raw!);
      localStorage.setItem('momentos.language', lang!);
      // No save dialog can be answered in a headless run: take the streamed-Blob path instead.
      delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    },
    [JSON.stringify(session), language],
  );
  return context;
}

describe('host dashboard and album detail', () => {
  it('shows the dashboard, moderates photos and downloads the ZIP', async () => {
    const context = await hostContext(album.host.session, 'desktop', 'es');
    const page = await context.newPage();
    watchPageProblems(page, problems, /\b(401|404)\b|\/api\/tracking\//);

    await page.goto(`${server.url}/auth`);
    await page.getByTestId('album-card').first().waitFor();
    expect(await page.getByTestId('summary-albums').textContent()).toBe('1');
    expect(await page.getByTestId('summary-orders').textContent()).toBe('2');
    expect(await page.getByTestId('summary-active').textContent()).toBe('1');
    expect(await page.getByTestId('tab-albums-count').textContent()).toBe('1');
    expect(await page.getByTestId('tab-orders-count').textContent()).toBe('2');
    expect(await page.getByTestId('album-card-name').textContent()).toBe('Boda de Ana y Luis');

    await page.getByTestId('tab-orders').click();
    const orders = page.getByTestId('order-card');
    await orders.first().waitFor();
    expect(await orders.count()).toBe(2);
    const paid = orders.filter({ has: page.getByTestId('order-redeemed') });
    expect(await paid.getByTestId('order-number').textContent()).toBe(`Orden #${album.orderId.slice(-8)}`);
    expect(await paid.getByTestId('order-create-album').count()).toBe(0);
    expect(await page.getByTestId('order-complete-payment').count()).toBe(1);

    await page.getByTestId('tab-albums').click();
    await page.getByTestId('album-card').getByRole('link').click();
    await page.getByTestId('album-header').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/album-detail/${album.albumId}`);
    expect(await page.getByTestId('album-date').textContent()).toBe('12 de junio de 2027');
    expect(await page.getByTestId('album-photo-count').textContent()).toMatch(/^\d+ fotos?$/);

    // With verification on, the queue opens first: five pending photos.
    expect(await page.getByTestId('photo-filter-pending').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.locator('[data-testid="photo-tile"][data-state="pending"]').count()).toBe(5);

    // Approve four, one at a time; the queue shrinks each time.
    for (let left = 5; left > 1; left -= 1) {
      await page.getByTestId('photo-tile').first().getByTestId('photo-approve').click();
      await expect.poll(() => page.getByTestId('photo-tile').count()).toBe(left - 1);
    }

    // Hide one of the approved photos.
    await page.getByTestId('photo-filter-all').click();
    const approved = page.locator('[data-testid="photo-tile"][data-state="approved"]').first();
    const hiddenId = await approved.getAttribute('data-photo-id');
    await approved.getByTestId('photo-hide').click();
    await page.locator(`[data-testid="photo-tile"][data-photo-id="${hiddenId}"][data-state="hidden"]`).waitFor();
    await page.getByTestId('photo-filter-hidden').click();
    await expect.poll(() => page.getByTestId('photo-tile').count()).toBe(1);
    await page.getByTestId('photo-filter-all').click();

    // The floating button, the real progress, and the archive's entries.
    const button = page.getByTestId('download-zip');
    await button.waitFor();
    expect(await button.textContent()).toBe('Descargar Fotos');
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenProgress: string[] }).seenProgress = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="download-zip"]')?.textContent ?? '';
        if (text.startsWith('Descargando')) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const download = page.waitForEvent('download');
    await button.click();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-zip-')), 'album.zip');
    const done = await download;
    expect(done.suggestedFilename()).toBe('Boda de Ana y Luis_fotos.zip');
    await done.saveAs(file);
    const seen = await page.evaluate(() => (window as unknown as { seenProgress: string[] }).seenProgress);
    expect(seen.length).toBeGreaterThan(0);
    for (const text of seen) expect(text).toMatch(/^Descargando\.\.\. \d{1,3}%$/);

    const entries = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
    expect(execFileSync('unzip', ['-tq', file], { encoding: 'utf8' })).toMatch(/No errors/);
    expect(entries).toHaveLength(EXPECTED_ZIP_ENTRIES);
    expect(entries.sort()).toEqual(
      Array.from({ length: EXPECTED_ZIP_ENTRIES }, (_, n) => `fotos/Boda de Ana y Luis_foto_${n + 1}.jpg`).sort(),
    );

    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('looks finished on a phone and a laptop, in Spanish and English', async () => {
    // A like and a comment on an approved photo, so the tiles and the photo's detail have them.
    const carmen = await joinAsGuest(album, 'Tía Carmen');
    const owned = await apiCall<{ data: { items: { id: string }[] } }>(
      server.url,
      `/api/events/photos/${album.albumId}?state=approved&pageSize=10`,
      { token: album.host.session.access_token },
    );
    const approvedId = owned.data.items[0]!.id;
    await apiCall(server.url, `/api/albums/${album.albumId}/photos/${approvedId}/likes`, {
      method: 'POST',
      headers: { 'x-guest-token': carmen },
    }).catch(() => undefined);
    await apiCall(server.url, `/api/albums/${album.albumId}/photos/${approvedId}/comments`, {
      body: { text: '¡Qué bonita foto!' },
      headers: { 'x-guest-token': carmen },
    }).catch(() => undefined);

    for (const viewport of ['phone', 'desktop'] as const) {
      for (const language of ['es', 'en'] as const) {
        const name = (screen: string) => `host-${screen}-${viewport}-${language}`;
        const context = await hostContext(album.host.session, viewport, language);
        const page = await context.newPage();
        watchPageProblems(page, problems, /\b(401|404)\b|\/api\/tracking\//);

        await page.goto(`${server.url}/auth`);
        await page.getByTestId('album-card').first().waitFor();
        await settlePage(page);
        await saveScreenshot(page, name('dashboard-albums'));
        await page.getByTestId('tab-orders').click();
        await page.getByTestId('order-card').first().waitFor();
        await settlePage(page);
        await saveScreenshot(page, name('dashboard-orders'));

        await page.goto(`${server.url}/album-detail/${album.albumId}`);
        await page.getByTestId('photo-grid').waitFor();
        await settlePage(page);
        await saveScreenshot(page, name('detail-photos-pending'));
        await page.getByTestId('photo-filter-all').click();
        await page.locator(`[data-testid="photo-tile"][data-photo-id="${approvedId}"]`).waitFor();
        await settlePage(page);
        await saveScreenshot(page, name('detail-photos'));
        await page.evaluate(() => window.scrollTo(0, 400));
        await page.getByTestId('download-zip').waitFor();
        await saveScreenshot(page, name('detail-photos-scrolled'));
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.locator(`[data-testid="photo-tile"][data-photo-id="${approvedId}"] button`).first().click();
        await page.getByTestId('photo-dialog').waitFor();
        await settlePage(page);
        await saveScreenshot(page, name('detail-photo-dialog'));
        await page.keyboard.press('Escape');
        for (const tab of ['itinerary', 'details', 'share', 'analytics'] as const) {
          await page.getByTestId(`detail-tab-${tab}`).click();
          await page
            .getByTestId(`${tab === 'share' ? 'share-qr' : `${tab}-${tab === 'itinerary' ? 'list' : 'tab'}`}`)
            .waitFor();
          await settlePage(page);
          await page.getByTestId(`detail-tab-${tab}`).scrollIntoViewIfNeeded();
          await saveScreenshot(page, name(`detail-${tab}`));
        }

        await page.goto(`${server.url}/album-detail/${album.albumId}/card`);
        await page.getByTestId('table-card-qr').waitFor();
        await settlePage(page);
        expect(
          await page.getByTestId('table-card-qr').evaluate((image: HTMLImageElement) => image.naturalWidth),
        ).toBeGreaterThan(100);
        await saveScreenshot(page, name('table-card'));
        if (viewport === 'desktop') {
          await page.emulateMedia({ media: 'print' });
          await saveScreenshot(page, name('table-card-print'));
          // page.pdf follows the emulated media, so it is made while print is on.
          if (language === 'es') {
            const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
            fs.writeFileSync(path.join(SCREENSHOT_DIR, 'host-table-card-a6.pdf'), pdf);
            // One A6 page: the card prints alone, with no site chrome spilling onto a second sheet.
            expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
            // 105 × 148 mm in PDF points.
            const box = /MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'));
            expect([Math.round(Number(box?.[1])), Math.round(Number(box?.[2]))]).toEqual([298, 420]);
          }
          await page.emulateMedia({ media: 'screen' });
        }

        await page.goto(`${server.url}/album-detail/00000000-0000-4000-8000-000000000000`);
        await page.getByTestId('album-not-found').waitFor();
        await saveScreenshot(page, name('detail-not-found'));
        await context.close();

        const empty = await hostContext(emptyHost, viewport, language);
        const emptyPage = await empty.newPage();
        await emptyPage.goto(`${server.url}/auth`);
        await emptyPage.getByTestId('albums-empty').waitFor();
        await saveScreenshot(emptyPage, name('dashboard-empty'));
        await empty.close();
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('sends a visitor from /auth to /', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/auth`);
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
