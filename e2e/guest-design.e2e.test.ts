import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  finishedAlbum,
  hostSessionInitScript,
  joinAsGuest,
  sampleJpeg,
  uploadAsGuest,
  type E2eAlbum,
  type Tier,
} from './support/album-fixture.js';
import { seriousViolations } from './support/axe.js';
import { PHONE, PHONE_OPTIONS, saveScreenshot } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';

// PRODUCT.md, "What guests see of the host's work": the guest page and the guest album are the
// album the host designed (cover, name in the host's font, date, place, welcome text, itinerary,
// music), and guests may download and share the photo they see unless the host turns that off.
const journey = useProductAndBrowser();
// An audio file on the host's own server: the browser asks for it, the journey answers it.
const MUSIC_URL = 'https://musica.example.com/vals.wav';

/** Three seconds of a 440 Hz tone as 8 kHz 16-bit mono WAV. */
function toneWav(seconds = 3, rate = 8000): Buffer {
  const samples = seconds * rate;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let index = 0; index < samples; index += 1)
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * index) / rate) * 8000), 44 + index * 2);
  return wav;
}

async function hostCall(album: E2eAlbum, path: string, method: string, body: unknown) {
  const res = await fetch(`${album.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${album.host.session.access_token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ data: unknown }>;
}

/** A finished album the host designed: an uploaded cover, a welcome text, an itinerary, and `fields`. */
async function designedAlbum(tier: Tier, fields: Record<string, unknown>) {
  const album = await finishedAlbum(journey.server.url, tier);
  const form = new FormData();
  const pink = { r: 214, g: 120, b: 140 };
  const cover = await sharp({ create: { width: 1200, height: 600, channels: 3, background: pink } })
    .jpeg()
    .toBuffer();
  form.append('image', new Blob([new Uint8Array(cover)], { type: 'image/jpeg' }), 'portada.jpg');
  const headers = { Authorization: `Bearer ${album.host.session.access_token}` };
  const uploaded = await fetch(`${album.baseUrl}/api/upload/image`, { method: 'POST', body: form, headers });
  const coverUrl = ((await uploaded.json()) as { data: { url: string } }).data.url;
  const description = 'Gracias por acompañarnos en este día.\nComparte aquí tus fotos.';
  const design = { cover_image_url: coverUrl, event_description: description, ...fields };
  await hostCall(album, `/api/customizations/${album.customizationId}`, 'PATCH', design);
  for (const entry of [
    { icono: 'Church', hora: '17:00', titulo: 'Ceremonia', ubicacion: 'Templo de Santo Domingo' },
    { icono: 'Utensils', hora: '20:30', titulo: 'Cena', ubicacion: 'Jardín Los Laureles' },
  ])
    await hostCall(album, `/api/customizations/${album.customizationId}/itinerary`, 'POST', entry);
  return album;
}

type GuestBrowser = { context: BrowserContext; page: Page; problems: string[] };

async function guestContext(language: 'es' | 'en', extra: Record<string, unknown> = {}): Promise<GuestBrowser> {
  const context = await journey.browser.newContext({
    ...PHONE_OPTIONS,
    locale: language === 'es' ? 'es-MX' : 'en-US',
    ...extra,
  });
  await context.addInitScript((lang) => localStorage.setItem('momentos.language', lang), language);
  const wav = toneWav();
  await context.route(MUSIC_URL, (route) => route.fulfill({ status: 200, contentType: 'audio/wav', body: wav }));
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused/.test(message.text()))
      problems.push(message.text());
  });
  return { context, page, problems };
}

/** Whether the web font drew something on the page (its face loaded), and the element's font stack. */
async function fontOf(page: Page, testId: string, family: string) {
  return page.getByTestId(testId).evaluate(async (element, name) => {
    await document.fonts.ready;
    const faces: FontFace[] = [];
    document.fonts.forEach((face) => faces.push(face));
    const matching = faces.filter((face) => face.family.replace(/"/g, '') === name);
    const loaded = matching.some((face) => face.status === 'loaded');
    return { stack: getComputedStyle(element).fontFamily, loaded, check: document.fonts.check(`600 30px "${name}"`) };
  }, family);
}

const isPlaying = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((audio: HTMLAudioElement) => !audio.paused && audio.currentTime > 0);
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("guests see the host's album", () => {
  it('on a phone in Spanish: cover, font, place, welcome, itinerary and music on both screens; download and share until the host turns them off', async () => {
    const album = await designedAlbum('plus', { font_type: 'Georgia', music_url: MUSIC_URL });
    const token = await joinAsGuest(album, 'Tía Carmen');
    await uploadAsGuest(album, token, await sampleJpeg(41), 'IMG_4100.jpg');
    const { context, page, problems } = await guestContext('es');
    // Where the browser can share files: the stand-in share sheet records what it was given.
    await context.addInitScript(() => {
      const shared: unknown[] = [];
      Object.assign(window, { sharedWithSheet: shared });
      Object.defineProperty(Navigator.prototype, 'canShare', {
        configurable: true,
        value: (data?: ShareData) => Boolean(data?.files?.length),
      });
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          const files = (data.files ?? []).map((file) => ({ name: file.name, type: file.type, size: file.size }));
          shared.push({ title: data.title, files });
        },
      });
    });

    await page.goto(`${album.baseUrl}/guest/${album.accessCode}`);
    await expect.poll(() => page.getByTestId('guest-album-name').textContent()).toBe('Boda de Ana y Luis');
    expect(
      await page
        .getByTestId('guest-album-cover')
        .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    ).toBe(true);
    expect(await page.getByTestId('guest-album-date').textContent()).toBe('Sábado, 12 de junio de 2027');
    expect(await page.getByTestId('guest-album-place').textContent()).toBe('Hacienda San Gabriel, Oaxaca');
    // The name in the host's font: Georgia is drawn with its web font, which the page loaded.
    await expect
      .poll(() => fontOf(page, 'guest-album-name', 'Gelasio'), { timeout: 10_000 })
      .toMatchObject({ loaded: true, check: true });
    expect((await fontOf(page, 'guest-album-name', 'Gelasio')).stack).toMatch(/^"?Gelasio"?, "?Georgia"?, serif$/);
    // Understood in three seconds: the name field is on the first screen, under the header.
    const nameField = await page.getByTestId('guest-name').boundingBox();
    expect(nameField!.y + nameField!.height).toBeLessThan(PHONE.height);
    expect(await page.getByTestId('guest-album-welcome').innerText()).toBe(
      'Gracias por acompañarnos en este día.\nComparte aquí tus fotos.',
    );
    const entries = page.getByTestId('guest-album-itinerary-entry');
    expect(await entries.count()).toBe(2);
    expect(await entries.first().innerText()).toMatch(/17:00\s*Ceremonia\s*Templo de Santo Domingo/);
    expect(await entries.first().locator('svg.lucide-church').count()).toBe(1);
    expect(await page.getByTestId('guest-album-music-audio').evaluate((audio: HTMLAudioElement) => audio.paused)).toBe(
      true,
    );
    await page.getByTestId('guest-album-music-play').tap();
    await expect.poll(() => isPlaying(page, 'guest-album-music-audio'), { timeout: 10_000 }).toBe(true);
    expect(await page.getByTestId('guest-album-music-play').getAttribute('aria-label')).toBe('Pausar la música');
    expect(await noSideScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'guest-design-guest-page-phone-es');

    // The whole album: the same header; the welcome and itinerary fold away above the photos on a phone.
    await page.getByTestId('guest-album-link').tap();
    await page.getByTestId('album-tile').first().waitFor();
    expect(
      await page
        .getByTestId('album-cover')
        .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    ).toBe(true);
    expect(await page.getByTestId('album-place').textContent()).toBe('Hacienda San Gabriel, Oaxaca');
    expect((await fontOf(page, 'album-name', 'Gelasio')).stack).toMatch(/^"?Gelasio"?/);
    expect(await page.getByTestId('album-welcome').isVisible()).toBe(false);
    await page.getByTestId('album-story-toggle').tap();
    expect(await page.getByTestId('album-welcome').innerText()).toBe(
      'Gracias por acompañarnos en este día.\nComparte aquí tus fotos.',
    );
    expect(await page.getByTestId('album-itinerary-entry').nth(1).innerText()).toMatch(
      /20:30\s*Cena\s*Jardín Los Laureles/,
    );
    await page.getByTestId('album-music-play').tap();
    await expect.poll(() => isPlaying(page, 'album-music-audio'), { timeout: 10_000 }).toBe(true);
    expect(await noSideScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'guest-design-album-phone-es');

    // The photo the guest sees, as a file: downloaded, and handed to the share sheet.
    await page.getByTestId('album-tile').first().tap();
    await page.getByTestId('photo-viewer').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('viewer-download').tap()]);
    // A download is the copy as a JPEG (people expect one); the share sheet gets the WebP already on screen.
    expect(download.suggestedFilename()).toBe('IMG_4100.jpg');
    const bytes = fs.readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await page.getByTestId('viewer-share').getAttribute('aria-label')).toBe('Compartir esta foto');
    await page.getByTestId('viewer-share').tap();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sharedWithSheet: unknown[] }).sharedWithSheet))
      .toEqual([
        {
          title: 'Una foto de Boda de Ana y Luis',
          files: [{ name: 'IMG_4100.webp', type: 'image/webp', size: expect.any(Number) }],
        },
      ]);
    await saveScreenshot(page, 'guest-design-viewer-phone-es');

    // The host turns guest downloads off in the modify screen; the guest's viewer then offers neither.
    const host = await journey.browser.newContext({ ...PHONE_OPTIONS, locale: 'es-MX' });
    const { script, arg } = hostSessionInitScript(album, 'es');
    await host.addInitScript(script, arg);
    const modify = await host.newPage();
    await modify.goto(`${album.baseUrl}/modify/${album.customizationId}`);
    await modify.getByTestId('modify-tab-features').tap();
    const toggle = modify.getByTestId('modify-toggle-enable_guest_downloads');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    expect(await modify.locator('label[for="toggle-enable_guest_downloads"]').textContent()).toBe(
      'Descargas de invitados',
    );
    await toggle.tap();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await modify.getByTestId('modify-save').tap();
    await modify.waitForURL(/\/auth$/);
    await host.close();

    await page.reload();
    await page.getByTestId('photo-viewer').waitFor();
    await page.getByTestId('viewer-like').waitFor();
    expect(await page.getByTestId('viewer-download').count()).toBe(0);
    expect(await page.getByTestId('viewer-share').count()).toBe(0);
    expect(await page.getByTestId('viewer-copy-link').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('in English: the words around the host’s design, a streaming link, and until when uploads stay open in the last days', async () => {
    // A Plus album whose event was 14 days ago: its window (15 days after the event) ends tomorrow.
    const eventDate = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
    const spotify = 'https://open.spotify.com/playlist/37i9dQZF1DX7F6T2n2fegs';
    const album = await designedAlbum('plus', {
      event_date: eventDate,
      time_zone: 'America/Mexico_City',
      music_url: spotify,
    });
    const { context, page, problems } = await guestContext('en', { timezoneId: 'America/Mexico_City' });
    await page.goto(`${album.baseUrl}/guest/${album.accessCode}`);
    await expect.poll(() => page.getByTestId('guest-album-name').textContent()).toBe('Boda de Ana y Luis');
    const lastDay = new Date(`${eventDate}T12:00:00Z`);
    lastDay.setUTCDate(lastDay.getUTCDate() + 15);
    const [weekday, month] = (['weekday', 'month'] as const).map((part) =>
      new Intl.DateTimeFormat('en-US', { [part]: 'long', timeZone: 'UTC' }).format(lastDay),
    );
    expect(await page.getByTestId('guest-closes-at').innerText()).toMatch(
      new RegExp(`^You can upload photos until ${weekday}, ${month} ${lastDay.getUTCDate()}(,| at) 11:59\\sPM$`),
    );
    const link = page.getByRole('link', { name: 'Listen to the music (opens in a new tab)' });
    expect(await link.getAttribute('href')).toBe(spotify);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('heading', { name: 'Welcome' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Itinerary' }).isVisible()).toBe(true);
    expect(await noSideScroll(page)).toBe(true);
    await saveScreenshot(page, 'guest-design-guest-page-phone-en');
    expect(problems).toEqual([]);
    await context.close();
  });
});
