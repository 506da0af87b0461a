import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { finishedAlbum, type E2eAlbum } from './support/album-fixture.js';
import { saveScreenshot, settlePage } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';
import {
  offlinePickThenReconnect,
  openGuestPageOnce,
  reloadOffline,
  type Language,
} from './support/offline-journey.js';

// Issue 17: a guest opens the guest page once at the venue; later, with no signal, the page and
// its upload form still open, from the service worker's caches, in the guest's language.
const journey = useProductAndBrowser();
let album: E2eAlbum;
let coverUrl: string;

/** A finished album in the host's font (Georgia: the Gelasio web font) with a cover uploaded to the site. */
async function albumWithCover(): Promise<{ album: E2eAlbum; coverUrl: string }> {
  const made = await finishedAlbum(journey.server.url, 'premium', { font_type: 'Georgia' });
  const auth = { Authorization: `Bearer ${made.host.session.access_token}` };
  const cover = await sharp({
    create: { width: 1200, height: 600, channels: 3, background: { r: 214, g: 120, b: 140 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(cover)], { type: 'image/jpeg' }), 'portada.jpg');
  const uploaded = await fetch(`${made.baseUrl}/api/upload/image`, { method: 'POST', body: form, headers: auth });
  expect(uploaded.status).toBe(200);
  const url = ((await uploaded.json()) as { data: { url: string } }).data.url;
  const patched = await fetch(`${made.baseUrl}/api/customizations/${made.customizationId}`, {
    method: 'PATCH',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ cover_image_url: url }),
  });
  expect(patched.status).toBe(200);
  return { album: made, coverUrl: url };
}

beforeAll(async () => {
  ({ album, coverUrl } = await albumWithCover());
}, 120_000);

const TEXT = {
  es: { eyebrow: 'Comparte tus fotos', name: 'Tu nombre', picker: 'Elegir fotos desde tu dispositivo' },
  en: { eyebrow: 'Share your photos', name: 'Your name', picker: 'Choose photos from your device' },
};

/** Whether the album's cover and its web font were drawn (loaded, from wherever they came). */
const coverAndFont = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    const cover = document.querySelector<HTMLImageElement>('[data-testid="guest-album-cover"]');
    return {
      cover: Boolean(cover?.complete && cover.naturalWidth > 0),
      font: document.fonts.check('600 30px Gelasio'),
    };
  });

async function offlineGuestPage(language: Language) {
  const text = TEXT[language];
  const phone = await openGuestPageOnce(journey.browser, album, language, [coverUrl]);
  const { context, page, problems } = phone;
  await reloadOffline(phone);

  expect(await page.getByTestId('guest-album-name').textContent()).toBe('Boda de Ana y Luis');
  expect(await page.locator('html').getAttribute('lang')).toBe(language);
  expect(await page.getByTestId('guest-upload-page').textContent()).toContain(text.eyebrow);
  const nameField = page.getByLabel(text.name, { exact: true });
  expect(await nameField.isEditable()).toBe(true);
  expect(await nameField.getAttribute('data-testid')).toBe('guest-name');
  expect(await page.getByTestId('guest-picker').textContent()).toContain(text.picker);
  expect(await page.getByTestId('guest-file-input').isEnabled()).toBe(true);
  expect(await coverAndFont(page)).toEqual({ cover: true, font: true });
  await settlePage(page);
  await saveScreenshot(page, `guest-offline-phone-${language}`);
  expect(problems).toEqual([]);
  await context.close();
}

describe('the guest page offline', () => {
  it('opens from the phone after one visit, with the album and the upload form, in Spanish', async () => {
    await offlineGuestPage('es');
  }, 120_000);

  it('and in English', async () => {
    await offlineGuestPage('en');
  }, 120_000);

  it('photos picked offline wait on the phone and reach the album once each when the network returns', async () => {
    const phone = await openGuestPageOnce(journey.browser, album, 'es', [coverUrl]);
    await reloadOffline(phone);
    await offlinePickThenReconnect(phone.page, phone.context, album);
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  }, 120_000);
});
