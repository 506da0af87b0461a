import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedAlbum, joinAsGuest, sampleJpeg, type E2eAlbum } from './support/album-fixture.js';
import { seriousViolations } from './support/axe.js';
import { collectPageErrors, DESKTOP, launchBrowser, PHONE, saveScreenshot } from './support/browser.js';
import { sharedProductServer } from './support/journey.js';
import type { ProductServer } from './support/product-server.js';

type Language = 'es' | 'en';

let server: ProductServer;
let browser: Browser;
let album: E2eAlbum;

beforeAll(async () => {
  [server, browser] = await Promise.all([sharedProductServer(), launchBrowser()]);
  album = await finishedAlbum(server.url, 'premium', { font_type: 'Georgia' });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openContext(language: Language, viewport = PHONE): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, locale: language === 'es' ? 'es-MX' : 'en-US' });
  await context.addInitScript((lng) => localStorage.setItem('momentos.language', lng), language);
  return context;
}

/** Holds each photo upload for a moment, so the page can be seen mid-upload. */
async function slowUploads(page: Page, delayMs = 1500) {
  // On the context: once the service worker controls the page, page.route no longer sees its requests.
  await page.context().route('**/api/albums/*/photos', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
}

async function photosOf(target: E2eAlbum) {
  const res = await fetch(`${server.url}/api/albums/${target.albumId}/photos?pageSize=100`, {
    headers: { 'x-album-code': target.accessCode },
  });
  expect(res.status).toBe(200);
  return (
    (await res.json()) as {
      data: { items: { originalName: string; uploadedByName: string; status: string }[]; totalCount: number };
    }
  ).data;
}

const fileNames = (page: Page) => page.getByTestId('guest-file-name').allTextContents();
const jpegFile = async (name: string, seed: number) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sampleJpeg(seed),
});

const TEXT = {
  es: {
    title: 'Subir fotos · Boda de Ana y Luis · Momentos',
    date: 'Sábado, 12 de junio de 2027',
    invalid: 'Algunos archivos no son válidos',
    onlyMedia: 'Solo se pueden subir fotos y videos',
    // Two photos: the spec's toast, said of a batch.
    success: '¡Fotos subidas exitosamente!',
    successText: 'Tus 2 archivos se han añadido al álbum',
    submit2: 'Subir 2 fotos',
    progress: /^(\d+)% completado$/,
  },
  en: {
    title: 'Upload photos · Boda de Ana y Luis · Momentos',
    date: 'Saturday, June 12, 2027',
    invalid: 'Some files are not valid',
    onlyMedia: 'Only photos and videos can be uploaded',
    success: 'Photos uploaded successfully!',
    successText: 'Your 2 files have been added to the album',
    submit2: 'Upload 2 photos',
    progress: /^(\d+)% complete$/,
  },
};

/** The whole guest journey: name, three picks (one invalid), one more pick, remove one, upload two. */
async function guestJourney(language: Language, viewport: typeof PHONE, label: string, seed: number) {
  const text = TEXT[language];
  const context = await openContext(language, viewport);
  const page = await context.newPage();
  const problems = collectPageErrors(page);
  const prefix = `guest-upload-${label}-${language}`;
  const names = [`uno-${seed}.jpg`, `dos-${seed}.jpg`, `tres-${seed}.jpg`];

  await page.goto(`${server.url}/guest/${album.accessCode}`);
  await page.getByTestId('guest-upload-page').waitFor();
  expect(await page.getByTestId('guest-album-name').textContent()).toBe('Boda de Ana y Luis');
  expect(await page.getByTestId('guest-album-date').textContent()).toBe(text.date);
  // The album's name is set in the host's font: its web font (Georgia's is Gelasio), then the font, then its generic family.
  expect(await page.getByTestId('guest-album-name').evaluate((node) => getComputedStyle(node).fontFamily)).toBe(
    'Gelasio, Georgia, serif',
  );
  expect(await page.title()).toBe(text.title);
  expect(await page.getByTestId('guest-submit').isDisabled()).toBe(true);
  expect(await page.getByTestId('guest-album-link').getAttribute('href')).toBe(
    `/album/${album.albumId}?code=${album.accessCode}`,
  );
  await saveScreenshot(page, `${prefix}-empty`);
  expect(await seriousViolations(page)).toEqual([]);
  // A look at the album first, so the app holds its grid when the guest comes back to it below.
  const tiles = page.getByTestId('album-tile');
  await page.getByTestId('guest-album-link').click();
  await page.getByTestId('album-name').waitFor();
  await expect.poll(async () => (await tiles.count()) === (await photosOf(album)).totalCount).toBe(true);
  const tilesBefore = await tiles.count();
  await page.goBack();
  await page.getByTestId('guest-upload-page').waitFor();

  await page.getByTestId('guest-name').fill('Tía Carmen');
  await page
    .getByTestId('guest-file-input')
    .setInputFiles([
      await jpegFile(names[0]!, seed),
      await jpegFile(names[1]!, seed + 1),
      { name: 'invitacion.txt', mimeType: 'text/plain', buffer: Buffer.from('no es una foto') },
    ]);
  const rejected = page.getByTestId('guest-rejected');
  await rejected.waitFor();
  expect(await rejected.textContent()).toContain(text.invalid);
  expect(await rejected.textContent()).toContain(text.onlyMedia);
  expect(await rejected.textContent()).toContain('invitacion.txt');
  // Each pick is written to the phone's queue first, so the rows appear one after the other.
  await expect.poll(() => fileNames(page)).toEqual(names.slice(0, 2));

  // A second pick adds to the first.
  await page.getByTestId('guest-file-input').setInputFiles([await jpegFile(names[2]!, seed + 2)]);
  await expect.poll(() => fileNames(page)).toEqual(names);
  await page.getByTestId('guest-file').filter({ hasText: names[1]! }).getByTestId('guest-file-remove').click();
  await expect.poll(() => fileNames(page)).toEqual([names[0], names[2]]);
  expect(await page.getByTestId('guest-submit').textContent()).toContain(text.submit2);
  // The thumbnails are real images made from the chosen files.
  await page.waitForFunction(() => {
    const images = Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="guest-file"] img'));
    return images.length === 2 && images.every((img) => img.complete && img.naturalWidth > 0);
  });
  await saveScreenshot(page, `${prefix}-chosen`);
  expect(await seriousViolations(page)).toEqual([]);

  await slowUploads(page);
  await page.getByTestId('guest-submit').click();
  // Mid-upload: the first file is in, the second on its way.
  await page.locator('[data-testid="guest-file"][data-status="done"]').waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="guest-file"][data-status="uploading"]').waitFor();
  expect(await page.getByTestId('guest-submit').isDisabled()).toBe(true);
  // The percentage counts bytes: the first file is in, the second is on its way.
  const percent = Number(text.progress.exec((await page.getByTestId('guest-progress').textContent()) ?? '')?.[1]);
  expect(percent).toBeGreaterThanOrEqual(30);
  expect(percent).toBeLessThan(100);
  expect(await page.getByTestId('guest-file-remove').count()).toBe(0);
  await saveScreenshot(page, `${prefix}-uploading`);

  const toast = page.getByTestId('toast');
  await toast.getByText(text.success).waitFor({ timeout: 30_000 });
  expect(await toast.getByText(text.successText).count()).toBe(1);
  // All sent: the selection and the progress are cleared.
  await page.getByTestId('guest-last-batch').waitFor();
  expect(await page.getByTestId('guest-file').count()).toBe(0);
  expect(await page.getByTestId('guest-progress').count()).toBe(0);
  await saveScreenshot(page, `${prefix}-done`);

  // Back in the album, the new photos are there (the upload refreshed the grid the app held).
  await page.getByTestId('guest-album-link').click();
  await expect.poll(() => tiles.count()).toBeGreaterThanOrEqual(tilesBefore + 2);
  await page.goBack();

  const listed = await photosOf(album);
  const mine = listed.items.filter((photo) => names.includes(photo.originalName));
  expect(mine.map((photo) => photo.originalName).sort()).toEqual([names[0], names[2]].sort());
  expect(mine.every((photo) => photo.uploadedByName === 'Tía Carmen' && photo.status === 'approved')).toBe(true);

  // The browser keeps the guest session for this album (the album grid reads it).
  const session = await page.evaluate(
    (id) => JSON.parse(localStorage.getItem(`momentos.guest.${id}`) ?? 'null') as Record<string, string> | null,
    album.albumId,
  );
  expect(session).toMatchObject({ accessCode: album.accessCode, name: 'Tía Carmen' });
  expect(session?.guestToken).toBeTruthy();
  expect(problems).toEqual([]);
  await context.close();
}

describe('the guest upload page', () => {
  it('a guest on a phone picks photos, drops an invalid file, removes one and uploads the rest (Spanish)', async () => {
    await guestJourney('es', PHONE, 'phone', 10);
  }, 120_000);

  it('works the same in English and on a desktop', async () => {
    await guestJourney('en', PHONE, 'phone', 20);
    await guestJourney('es', DESKTOP, 'desktop', 30);
    await guestJourney('en', DESKTOP, 'desktop', 40);
  }, 240_000);

  it('an unknown code says the album was not found', async () => {
    for (const [language, viewport, label] of [
      ['es', PHONE, 'phone'],
      ['en', PHONE, 'phone'],
      ['es', DESKTOP, 'desktop'],
      ['en', DESKTOP, 'desktop'],
    ] as const) {
      const context = await openContext(language, viewport);
      const page = await context.newPage();
      await page.goto(`${server.url}/guest/${album.accessCode === '999999' ? '999998' : '999999'}`);
      await page.getByTestId('guest-not-found').waitFor();
      const body = await page.getByTestId('guest-not-found').textContent();
      if (language === 'es') {
        expect(body).toContain('Álbum no encontrado');
        expect(body).toContain('El código de acceso no es válido o el álbum no existe');
      } else {
        expect(body).toContain('Album not found');
      }
      await saveScreenshot(page, `guest-upload-not-found-${label}-${language}`);
      await context.close();
    }
  }, 120_000);

  it('a moderated album: a stale token from another album is replaced, a photo sent offline waits on the phone and goes when the network is back, and waits for approval', async () => {
    const moderated = await finishedAlbum(server.url, 'premium', { enable_verification: true });
    // This browser holds a token of another album under this album's key: the upload is refused and it joins again.
    const foreignToken = await joinAsGuest(album, 'Tío Pepe');
    const context = await openContext('es');
    await context.addInitScript(
      ([key, value]) => localStorage.setItem(key!, value!),
      [
        `momentos.guest.${moderated.albumId}`,
        JSON.stringify({ accessCode: moderated.accessCode, guestToken: foreignToken, name: 'Tío Pepe' }),
      ],
    );
    const page = await context.newPage();
    const problems = collectPageErrors(page);
    await page.goto(`${server.url}/guest/${moderated.accessCode}`);
    await page.getByTestId('guest-upload-page').waitFor();
    // The name the browser remembers is filled in.
    expect(await page.getByTestId('guest-name').inputValue()).toBe('Tío Pepe');
    await page.getByTestId('guest-file-input').setInputFiles([await jpegFile('brindis.jpg', 77)]);

    await context.setOffline(true);
    await page.getByTestId('guest-submit').click();
    // Offline the photo neither fails nor asks for a tap: it waits on the phone, and the page says so.
    const offline = page.getByTestId('guest-offline');
    await offline.waitFor();
    expect(await offline.textContent()).toBe(
      'Sin conexión. Tus archivos están guardados en este teléfono y se subirán solos en cuanto vuelva la señal.',
    );
    const file = page.getByTestId('guest-file');
    expect(['waiting', 'retrying']).toContain(await file.getAttribute('data-status'));
    expect(await file.getByTestId('guest-file-retry').count()).toBe(0);
    expect(await page.getByTestId('toast').getByText('Error al subir la foto').count()).toBe(0);
    await saveScreenshot(page, 'guest-upload-offline-phone-es');

    await context.setOffline(false);
    await page.getByTestId('guest-last-batch').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('guest-last-batch').textContent()).toContain('1 espera la aprobación del anfitrión');
    await saveScreenshot(page, 'guest-upload-pending-phone-es');

    const session = await page.evaluate(
      (id) => JSON.parse(localStorage.getItem(`momentos.guest.${id}`) ?? 'null') as { guestToken: string } | null,
      moderated.albumId,
    );
    expect(session?.guestToken).toBeTruthy();
    expect(session?.guestToken).not.toBe(foreignToken);
    // The host has not approved it: others reading with the code do not see it yet.
    expect((await photosOf(moderated)).totalCount).toBe(0);
    const asGuest = await fetch(`${server.url}/api/albums/${moderated.albumId}/photos`, {
      headers: { 'x-guest-token': session!.guestToken },
    });
    const own = ((await asGuest.json()) as { data: { items: { originalName: string; status: string }[] } }).data.items;
    expect(own).toEqual([expect.objectContaining({ originalName: 'brindis.jpg', status: 'pending' })]);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
