import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, finishedAlbum, hostSessionInitScript, sampleJpeg, type E2eAlbum } from './support/album-fixture.js';
import { DESKTOP, PHONE, saveScreenshot, settlePage, watchPageProblems } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';

// Issue 19's journey: the host divides the album, a guest on a phone leaves words and a voice note
// (Chromium's fake microphone) and uploads into "Fiesta"; the host reads both, filters by section
// and prints the guestbook.
const journey = useProductAndBrowser({
  browserArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
});

type Language = 'es' | 'en';

async function hostPage(album: E2eAlbum, language: Language, viewport: typeof PHONE) {
  const context = await journey.browser.newContext({ viewport, locale: language === 'es' ? 'es-MX' : 'en-US' });
  const session = hostSessionInitScript(album, language);
  await context.addInitScript(session.script, session.arg);
  // The print dialog cannot be seen headless: count the calls instead.
  await context.addInitScript(() => {
    const counted = window as unknown as { printed: number };
    counted.printed = 0;
    window.print = () => void (counted.printed += 1);
  });
  const page = await context.newPage();
  const problems: string[] = [];
  watchPageProblems(page, problems);
  return { context, page, problems };
}

async function guestPage(language: Language, viewport: typeof PHONE) {
  const context = await journey.browser.newContext({ viewport, locale: language === 'es' ? 'es-MX' : 'en-US' });
  await context.grantPermissions(['microphone']);
  await context.addInitScript((lang) => localStorage.setItem('momentos.language', lang), language);
  const page = await context.newPage();
  const problems: string[] = [];
  watchPageProblems(page, problems);
  return { context, page, problems };
}

type OwnerMessages = {
  items: { text: string; authorName: string; voiceUrl: string | null; voiceType: string | null }[];
};
type OwnerPhotos = { items: { originalName: string; sectionId: string | null }[] };
type OwnerSections = { items: { id: string; name: string }[] };

/** The host's voice note once its AAC copy is made (issue 29): the job runs beside the journey. */
async function copiedVoiceNote(base: string, album: E2eAlbum) {
  const read = () =>
    apiCall<{ data: OwnerMessages }>(base, `/api/events/${album.albumId}/messages`, {
      method: 'GET',
      token: album.host.session.access_token,
    });
  await expect
    .poll(async () => (await read()).data.items.find((item) => item.voiceUrl)?.voiceType, { timeout: 30_000 })
    .toBe('audio/mp4');
  return (await read()).data.items.find((item) => item.voiceUrl)!;
}

/** Plays the host's first voice note from its player and says whether the time moved on. */
async function playsFromItsPlayer(page: Page, screenshot: string) {
  const player = page.getByTestId('voice-note-player').first();
  await player.getByTestId('voice-note-play').click();
  await expect
    .poll(() => player.getByTestId('voice-note-audio').evaluate((audio: HTMLAudioElement) => audio.currentTime), {
      timeout: 10_000,
    })
    .toBeGreaterThan(0.3);
  expect(await player.getByTestId('voice-note-play').getAttribute('aria-label')).toMatch(/Pausar|Pause/);
  await saveScreenshot(page, screenshot);
  await player.getByTestId('voice-note-play').click();
}

async function leaveMessage(page: Page, words: string, author: string, voiceSeconds = 0) {
  await page.getByTestId('guestbook-open').first().click();
  await page.getByTestId('guestbook-compose').waitFor();
  await page.getByTestId('guestbook-text').fill(words);
  await page.getByTestId('guestbook-author').fill(author);
  if (voiceSeconds > 0) {
    await page.getByTestId('voice-record').click();
    await expect
      .poll(() => page.getByTestId('voice-elapsed').textContent(), { timeout: 10_000 })
      .toBe(`0:0${voiceSeconds} / 1:00`);
    await page.getByTestId('voice-stop').click();
    await page.getByTestId('voice-preview').waitFor();
  }
  await page.getByTestId('guestbook-send').click();
  await page.getByTestId('guestbook-thanks').waitFor({ timeout: 30_000 });
}

describe('guestbook and sections, from the host to the guest and back', () => {
  it('on a phone in Spanish: words, a voice note and a photo into "Fiesta"; the host reads, filters and prints', async () => {
    const album = await finishedAlbum(journey.server.url, 'premium');
    const base = journey.server.url;

    // The host makes "Fiesta" in the modify screen.
    const host = await hostPage(album, 'es', PHONE);
    await host.page.goto(`${base}/album-detail/${album.albumId}`);
    await host.page.getByTestId('album-modify').click();
    await host.page.getByTestId('modify-tab-sections').click();
    expect(await host.page.getByTestId('sections-usage').textContent()).toBe('1 de 6 secciones');
    await host.page.getByTestId('section-new-name').fill('Fiesta');
    await host.page.getByTestId('section-new-name').press('Enter');
    await expect.poll(() => host.page.getByTestId('sections-usage').textContent()).toBe('2 de 6 secciones');
    await settlePage(host.page);
    await saveScreenshot(host.page, 'sections-modify-es-phone');
    const sections = await apiCall<{ data: OwnerSections }>(base, `/api/events/${album.albumId}/sections`, {
      method: 'GET',
      token: album.host.session.access_token,
    });
    expect(sections.data.items.map((section) => section.name)).toEqual(['Fiesta']);
    const fiestaId = sections.data.items[0]!.id;

    // The guest, on their phone: words first, then a voice note, then a photo into "Fiesta".
    const guest = await guestPage('es', PHONE);
    await guest.page.goto(`${base}/guest/${album.accessCode}`);
    await guest.page.getByTestId('guest-upload-page').waitFor();
    await guest.page.getByTestId('guest-name').fill('Tía Carmen');
    await leaveMessage(guest.page, '¡Que vivan los novios! Con cariño desde Puebla.', 'Tía Carmen');
    expect(await guest.page.getByTestId('guestbook-thanks').textContent()).toContain('¡Gracias!');
    await guest.page.getByTestId('guestbook-thanks').getByRole('button', { name: 'Listo' }).click();
    await leaveMessage(guest.page, 'Y un abrazo en audio', 'Tía Carmen', 2);
    await settlePage(guest.page);
    await saveScreenshot(guest.page, 'guestbook-thanks-es-phone');
    await guest.page.getByTestId('guestbook-thanks').getByRole('button', { name: 'Listo' }).click();

    const choice = guest.page.getByTestId('guest-section-choice');
    expect(await choice.locator('label').allTextContents()).toEqual(['Álbum principal', 'Fiesta']);
    await choice.getByText('Fiesta').click();
    await guest.page
      .getByTestId('guest-file-input')
      .setInputFiles([{ name: 'pastel.jpg', mimeType: 'image/jpeg', buffer: await sampleJpeg(7) }]);
    await settlePage(guest.page);
    await saveScreenshot(guest.page, 'sections-guest-choice-es-phone');
    await guest.page.getByTestId('guest-submit').click();
    await guest.page.getByTestId('guest-last-batch').waitFor({ timeout: 30_000 });

    const token = album.host.session.access_token;
    const photos = await apiCall<{ data: OwnerPhotos }>(base, `/api/events/photos/${album.albumId}`, {
      method: 'GET',
      token,
    });
    expect(photos.data.items.map((photo) => [photo.originalName, photo.sectionId])).toEqual([['pastel.jpg', fiestaId]]);

    // The host reads both messages, the voice note playable, in the album detail: its AAC copy, with
    // its length shown before it plays (a WebM's own controls read 0:00 / 0:00).
    const note = await copiedVoiceNote(base, album);
    await host.page.goto(`${base}/album-detail/${album.albumId}`);
    await host.page.getByRole('tab', { name: 'Mensajes' }).click();
    const panel = host.page.getByTestId('messages-panel');
    await panel.getByTestId('host-message').nth(1).waitFor();
    expect(await host.page.getByTestId('messages-count').textContent()).toBe('2 de 1000 mensajes');
    const cards = await panel.getByTestId('host-message').allTextContents();
    expect(cards[0]).toContain('Y un abrazo en audio');
    expect(cards[1]).toContain('¡Que vivan los novios! Con cariño desde Puebla.');
    expect(cards.every((card) => card.includes('Tía Carmen'))).toBe(true);
    expect(await panel.getByTestId('host-message').first().locator('audio').count()).toBe(1);
    const voice = await fetch(new URL(note.voiceUrl!, base));
    expect([voice.status, voice.headers.get('content-type')]).toEqual([200, 'audio/mp4']);
    const player = panel.getByTestId('voice-note-player').first();
    expect(await player.getAttribute('aria-label')).toBe('Nota de voz de Tía Carmen');
    expect(await player.getByTestId('voice-note-audio').getAttribute('src')).toBe(note.voiceUrl);
    expect(await player.getByTestId('voice-note-time').textContent()).toBe('0:00 / 0:02');
    await settlePage(host.page);
    await saveScreenshot(host.page, 'guestbook-host-es-phone');
    await playsFromItsPlayer(host.page, 'guestbook-voice-playing-es-phone');

    // Photos filtered by section: "Fiesta" holds the cake, the main part nothing.
    await host.page.getByRole('tab', { name: 'Fotos' }).click();
    const filter = host.page.getByTestId('photo-section-filter');
    await filter.getByText('Fiesta').click();
    await expect.poll(() => host.page.getByTestId('photo-grid').locator('img').count()).toBe(1);
    await settlePage(host.page);
    await saveScreenshot(host.page, 'sections-host-filter-es-phone');

    // Capacidades: used of allowed.
    await host.page.getByRole('tab', { name: 'Detalles' }).click();
    const capacities = await host.page.getByTestId('details-capacities').textContent();
    expect(capacities).toContain('2 de 1000');
    expect(capacities).toContain('2 de 6');

    // Analytics count the guestbook beside the uploads.
    await host.page.getByRole('tab', { name: 'Analíticas' }).click();
    expect(await host.page.getByTestId('analytics-messages-total').textContent()).toBe('2 de 1000');

    // The printable guestbook: both messages, the voice-only line, and the print dialog asked for.
    await host.page.getByRole('tab', { name: 'Mensajes' }).click();
    await host.page.getByTestId('guestbook-print-link').click();
    await host.page.getByTestId('guestbook-print-page').waitFor();
    const printed = await host.page.getByTestId('printed-message').allTextContents();
    expect(printed).toHaveLength(2);
    expect(printed[0]).toContain('¡Que vivan los novios!');
    expect(printed[1]).toContain('Con nota de voz');
    await host.page.getByTestId('guestbook-print').click();
    expect(await host.page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await settlePage(host.page);
    await saveScreenshot(host.page, 'guestbook-print-es-phone');

    expect([...host.problems, ...guest.problems]).toEqual([]);
    await Promise.all([host.context.close(), guest.context.close()]);
  }, 180_000);

  it('on a desktop in English: the guest filters the album by section and the host sees messages in English', async () => {
    const album = await finishedAlbum(journey.server.url, 'plus', { enable_public_guestbook: true });
    const base = journey.server.url;
    const token = album.host.session.access_token;
    const fiesta = await apiCall<{ data: { id: string } }>(base, `/api/events/${album.albumId}/sections`, {
      body: { name: 'Party' },
      token,
    });

    const guest = await guestPage('en', DESKTOP);
    await guest.page.goto(`${base}/guest/${album.accessCode}`);
    await guest.page.getByTestId('guest-name').fill('Cousin Sofia');
    await leaveMessage(guest.page, 'Congratulations to you both!', 'Cousin Sofia', 2);
    expect(await guest.page.getByTestId('guestbook-thanks').textContent()).toContain('Thank you!');
    await guest.page.getByTestId('guestbook-thanks').getByRole('button', { name: 'Done' }).click();
    await guest.page.getByTestId('guest-section-choice').getByText('Party').click();
    await guest.page
      .getByTestId('guest-file-input')
      .setInputFiles([{ name: 'dance.jpg', mimeType: 'image/jpeg', buffer: await sampleJpeg(8) }]);
    await guest.page.getByTestId('guest-submit').click();
    await guest.page.getByTestId('guest-last-batch').waitFor({ timeout: 30_000 });

    // The album: the public guestbook, and the grid by section.
    await guest.page.getByTestId('guest-album-link').click();
    await guest.page.getByTestId('public-guestbook').waitFor();
    expect(await guest.page.getByTestId('public-guestbook-count').textContent()).toBe('1 message');
    expect(await guest.page.getByTestId('public-message').first().textContent()).toContain('Congratulations');
    // The note's length before anything is fetched, whether or not its copy is made yet.
    expect(await guest.page.getByTestId('voice-note-time').first().textContent()).toBe('0:00 / 0:02');
    const filter = guest.page.getByTestId('album-section-filter');
    expect(await filter.locator('label').allTextContents()).toEqual(['All', 'Main album', 'Party']);
    await filter.getByText('Party').click();
    await expect.poll(() => new URL(guest.page.url()).searchParams.get('section')).toBe(fiesta.data.id);
    await expect.poll(() => guest.page.getByTestId('album-tile').count()).toBe(1);
    expect(await guest.page.getByTestId('album-slideshow-link').getAttribute('href')).toBe(
      `/album/${album.albumId}/slideshow?section=${fiesta.data.id}`,
    );
    await settlePage(guest.page);
    await saveScreenshot(guest.page, 'sections-album-filter-en-desktop');

    const note = await copiedVoiceNote(base, album);
    const host = await hostPage(album, 'en', DESKTOP);
    await host.page.goto(`${base}/album-detail/${album.albumId}`);
    await host.page.getByRole('tab', { name: 'Messages' }).click();
    await host.page.getByTestId('host-message').first().waitFor();
    expect(await host.page.getByTestId('messages-count').textContent()).toBe('1 of 300 messages');
    const player = host.page.getByTestId('voice-note-player').first();
    expect(await player.getAttribute('aria-label')).toBe('Voice note from Cousin Sofia');
    expect(await player.getByTestId('voice-note-audio').getAttribute('src')).toBe(note.voiceUrl);
    expect(await player.getByTestId('voice-note-time').textContent()).toBe('0:00 / 0:02');
    await settlePage(host.page);
    await saveScreenshot(host.page, 'guestbook-host-en-desktop');
    await playsFromItsPlayer(host.page, 'guestbook-voice-playing-en-desktop');

    expect([...host.problems, ...guest.problems]).toEqual([]);
    await Promise.all([host.context.close(), guest.context.close()]);
  }, 180_000);
});
