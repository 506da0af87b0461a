import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  finishedAlbum,
  hostSessionInitScript,
  joinAsGuest,
  sampleJpeg,
  uploadAsGuest,
  type E2eAlbum,
} from './support/album-fixture.js';
import { DESKTOP, PHONE, saveScreenshot, watchPageProblems } from './support/browser.js';
import { orderReadyToFinalize } from './support/host-fixture.js';
import { useProductAndBrowser } from './support/journey.js';

/**
 * Issue 15, "The host's moments": straight after "Crear mi álbum" the host sees the code, link and
 * QR code with ways to share them; a Basic host buys the ZIP download alone and gets the originals;
 * the home page says the ZIP needs the add-on on Basic and Plus.
 */
const journey = useProductAndBrowser();
type Language = 'es' | 'en';
const problems: string[] = [];
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function phoneContext(
  album: Pick<E2eAlbum, 'host'>,
  language: Language,
  viewport = PHONE,
): Promise<BrowserContext> {
  const phone = viewport === PHONE;
  const context = await journey.browser.newContext({
    viewport,
    isMobile: phone,
    hasTouch: phone,
    acceptDownloads: true,
  });
  const init = hostSessionInitScript(album as E2eAlbum, language);
  await context.addInitScript(init.script, init.arg);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.server.url });
  // Phone browsers have no save-file picker (desktop Chromium has one, even headless): the ZIP is saved as a download.
  if (phone)
    await context.addInitScript(() => Object.defineProperty(window, 'showSaveFilePicker', { value: undefined }));
  return context;
}

async function openSummary(language: Language, viewport = PHONE) {
  const { host, draft } = await orderReadyToFinalize(journey.server.url);
  const context = await phoneContext({ host }, language, viewport);
  await context.addInitScript(
    (raw) => sessionStorage.setItem('momentos.personalizationDraft', raw),
    JSON.stringify({ ...draft, temporary: draft.confirmed }),
  );
  const page = await context.newPage();
  watchPageProblems(page, problems, /\/api\/tracking\//);
  const opened: string[] = [];
  context.on('page', (other) => opened.push(other.url()));
  await page.goto(`${journey.server.url}/personalization/summary`);
  await page.locator('[data-testid="summary-phase"][data-phase="complete"]').waitFor({ timeout: 15_000 });
  return { context, page, opened };
}

async function qrLoaded(page: Page, testId: string) {
  await page.waitForFunction(
    (id) => ((document.querySelector(`[data-testid="${id}"]`) as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
    testId,
  );
}

describe("the host's moments", () => {
  it('lands on the album-ready screen after "Crear mi álbum", with the code, QR, link and ways to share (phone, Spanish)', async () => {
    const { context, page, opened } = await openSummary('es');
    const completed = page.waitForResponse((res) => res.request().method() === 'POST' && /\/complete$/.test(res.url()));
    await page.getByTestId('summary-finalize').click();
    const { albumId, accessCode } = (
      (await (await completed).json()) as { data: { albumId: string; accessCode: string } }
    ).data;

    await page.waitForURL(`${journey.server.url}/album-detail/${albumId}/ready`);
    await page.getByTestId('album-ready').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('¡Tu álbum está listo!');
    expect(await page.getByTestId('ready-code').textContent()).toBe(accessCode);
    expect(await page.getByTestId('ready-name').textContent()).toBe('Boda de Ana y Luis');
    const guestUrl = `${journey.server.url}/guest/${accessCode}`;
    expect(await page.getByTestId('ready-link').inputValue()).toBe(guestUrl);
    await qrLoaded(page, 'ready-qr');
    expect(await page.getByTestId('ready-qr').getAttribute('alt')).toBe('Código QR del álbum Boda de Ana y Luis');

    // WhatsApp gets the code and the guest link, never a private page.
    const whatsApp = new URL((await page.getByTestId('ready-whatsapp').getAttribute('href'))!);
    expect(whatsApp.origin).toBe('https://wa.me');
    expect(whatsApp.searchParams.get('text')).toBe(
      `Sube tus fotos de «Boda de Ana y Luis» a nuestro álbum con el código ${accessCode}: ${guestUrl}`,
    );
    await page.getByTestId('ready-copy-code').click();
    await page.getByTestId('toast').filter({ hasText: 'Código copiado' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(accessCode);
    await page.getByTestId('ready-copy-link').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(guestUrl);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'host-moments-ready-phone-es');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await saveScreenshot(page, 'host-moments-ready-bottom-phone-es');
    // Nothing opened a tab that asks the host for a code.
    expect(opened).toEqual([]);

    // The printable table card, then the album itself.
    await page.getByTestId('ready-table-card').click();
    await page.getByTestId('table-card').waitFor();
    expect(await page.getByTestId('table-card-code').textContent()).toBe(accessCode);
    await page.goBack();
    await page.getByTestId('ready-open-album').click();
    await page.waitForURL(`${journey.server.url}/album-detail/${albumId}`);
    await page.getByTestId('album-header').waitFor();
    await context.close();
    expect(problems.splice(0)).toEqual([]);
  });

  it("shares the album's guest link from the summary: with no album yet it creates it and lands on the ready screen (phone, English)", async () => {
    const { context, page, opened } = await openSummary('en');
    expect(await page.getByTestId('summary-share').textContent()).toBe('Share');
    const completed = page.waitForResponse((res) => res.request().method() === 'POST' && /\/complete$/.test(res.url()));
    await page.getByTestId('summary-share').click();
    const { albumId, accessCode } = (
      (await (await completed).json()) as { data: { albumId: string; accessCode: string } }
    ).data;
    await page.waitForURL(`${journey.server.url}/album-detail/${albumId}/ready`);
    await page.getByTestId('album-ready').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your album is ready!');
    expect(await page.getByTestId('ready-code').textContent()).toBe(accessCode);
    expect(await page.getByTestId('ready-link').inputValue()).toBe(`${journey.server.url}/guest/${accessCode}`);
    expect(await page.getByTestId('ready-whatsapp').textContent()).toBe('Send on WhatsApp');
    await qrLoaded(page, 'ready-qr');
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'host-moments-ready-phone-en');
    expect(opened).toEqual([]);
    await context.close();
    expect(problems.splice(0)).toEqual([]);
  });

  it('offers a Basic host the ZIP download where the button would be, sells it in the sandbox and downloads the originals (phone, Spanish)', async () => {
    const album = await finishedAlbum(journey.server.url, 'basic');
    const guest = await joinAsGuest(album);
    const sent = [await sampleJpeg(41), await sampleJpeg(42, 600, 1200)];
    for (const [index, bytes] of sent.entries()) await uploadAsGuest(album, guest, bytes, `IMG_${index + 1}.jpg`);

    const context = await phoneContext(album, 'es');
    const page = await context.newPage();
    watchPageProblems(page, problems, /\/api\/tracking\//);
    await page.goto(`${journey.server.url}/album-detail/${album.albumId}`);
    await page.getByTestId('photo-tile').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 300));
    const offer = page.getByTestId('addon-offer');
    await offer.waitFor();
    expect(await offer.textContent()).toBe('Descargar todo (ZIP)');
    expect(await page.getByTestId('download-zip').count()).toBe(0);
    await saveScreenshot(page, 'host-moments-addon-offer-phone-es');

    await offer.click();
    const dialog = page.getByTestId('addon-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Tu plan Básico no incluye la descarga ZIP');
    await expect.poll(() => page.getByTestId('addon-pay').textContent()).toBe('Pagar $2.99 USD');
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'host-moments-addon-dialog-phone-es');
    await page.getByTestId('addon-pay').click();

    await page.waitForURL(/\/sandbox\/checkout\/[^/?]+/);
    await page.locator('#cardNumber').fill('4242 4242 4242 4242');
    await page.locator('#expiry').fill('12/34');
    await page.locator('#cvc').fill('123');
    await page.locator('button[type="submit"]').click();

    // Back on the album: the payment is verified, the offer gives way to the download.
    await page.waitForURL(`${journey.server.url}/album-detail/${album.albumId}`);
    await page.getByTestId('toast').filter({ hasText: 'Descarga ZIP activada' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 300));
    const button = page.getByTestId('download-zip');
    await button.waitFor();
    expect(await page.getByTestId('addon-offer').count()).toBe(0);
    const download = page.waitForEvent('download');
    await button.click();
    const done = await download;
    expect(done.suggestedFilename()).toBe('Boda de Ana y Luis_fotos.zip');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-addon-zip-')), 'album.zip');
    await done.saveAs(file);
    const entries = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
    expect(entries).toEqual(['fotos/Boda de Ana y Luis_foto_1.jpg', 'fotos/Boda de Ana y Luis_foto_2.jpg']);
    entries.forEach((entry, index) =>
      expect(sha256(execFileSync('unzip', ['-p', file, entry]))).toBe(sha256(sent[index]!)),
    );
    await context.close();
    expect(problems.splice(0)).toEqual([]);
  });

  it('says on the pricing cards and in the FAQ that the ZIP needs the add-on on Basic and Plus (phone, Spanish and English)', async () => {
    const texts = {
      es: {
        addon: 'Descarga ZIP: se añade como complemento',
        included: 'Descarga ZIP de originales incluida',
        question: '¿Cómo descargo las fotos?',
        answer: 'en Básico y Plus necesita el complemento Descarga ZIP',
      },
      en: {
        addon: 'ZIP download: available as an add-on',
        included: 'ZIP download of the originals included',
        question: 'How do I download the photos?',
        answer: 'on Basic and Plus it needs the ZIP download add-on',
      },
    };
    for (const language of ['es', 'en'] as const) {
      const context = await journey.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
      await context.addInitScript((lang) => localStorage.setItem('momentos.language', lang), language);
      const page = await context.newPage();
      watchPageProblems(page, problems, /\/api\/tracking\//);
      await page.goto(journey.server.url);
      await page.getByTestId('plan-plus').waitFor();
      for (const tier of ['basic', 'plus'])
        expect(await page.getByTestId(`plan-${tier}`).textContent()).toContain(texts[language].addon);
      for (const tier of ['premium', 'elite'])
        expect(await page.getByTestId(`plan-${tier}`).textContent()).toContain(texts[language].included);
      await page.getByTestId('plan-basic').scrollIntoViewIfNeeded();
      await saveScreenshot(page, `host-moments-pricing-phone-${language}`);
      await page.getByText(texts[language].question).click();
      await expect.poll(() => page.getByTestId('faq-download').textContent()).toContain(texts[language].answer);
      await page.getByTestId('faq-download').scrollIntoViewIfNeeded();
      await saveScreenshot(page, `host-moments-faq-phone-${language}`);
      await context.close();
    }
    expect(problems.splice(0)).toEqual([]);
  });

  it('looks finished on a laptop: the ready screen and the add-on offer (desktop, Spanish and English)', async () => {
    for (const language of ['es', 'en'] as const) {
      const { context, page } = await openSummary(language, DESKTOP);
      await page.getByTestId('summary-finalize').click();
      await page.getByTestId('album-ready').waitFor();
      await qrLoaded(page, 'ready-qr');
      await page.waitForTimeout(300);
      await saveScreenshot(page, `host-moments-ready-desktop-${language}`);
      await context.close();
    }
    const album = await finishedAlbum(journey.server.url, 'plus');
    await uploadAsGuest(album, await joinAsGuest(album), await sampleJpeg(51));
    for (const [language, viewport] of [
      ['en', DESKTOP],
      ['es', DESKTOP],
      ['en', PHONE],
    ] as const) {
      const context = await phoneContext(album, language, viewport);
      const page = await context.newPage();
      watchPageProblems(page, problems, /\/api\/tracking\//);
      await page.goto(`${journey.server.url}/album-detail/${album.albumId}`);
      await page.getByTestId('photo-tile').first().waitFor();
      await page.evaluate(() => window.scrollTo(0, 300));
      await page.getByTestId('addon-offer').click();
      await page.getByTestId('addon-pay').filter({ hasText: '$2.99' }).waitFor();
      await page.waitForTimeout(300);
      await saveScreenshot(page, `host-moments-addon-dialog-${viewport === PHONE ? 'phone' : 'desktop'}-${language}`);
      await context.close();
    }
    expect(problems.splice(0)).toEqual([]);
  });
});
