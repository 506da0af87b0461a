import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiCall, finishedAlbum, sampleJpeg, type E2eAlbum } from './support/album-fixture.js';
import { DESKTOP, PHONE_OPTIONS, saveScreenshot, settlePage, watchPageProblems } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';

// Issue 29 item 2: a guest picks three files on an album with guest verification on, goes to look
// at the whole album while the first (large) one is still on its way, and comes back. Every file
// must reach the album, in the section the guest chose, and the guest page must still show that
// section and say the three are in.
const journey = useProductAndBrowser();

/** A JPEG of noise, about 3.4 MB: a phone photo large enough to go resumable and take a while. */
async function largeJpeg(seed: number): Promise<Buffer> {
  const [width, height] = [2400, 1600];
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let index = 0; index < pixels.length; index++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    pixels[index] = state >> 16;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The venue's slow uplink, for the page (kept across its in-app navigations): 256 kB/s up. */
async function slowUplink(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
}

type OwnerPhotos = { items: { originalName: string; sectionId: string | null; state: string }[] };

/** The album's photos as the host reads them, pending ones too. */
async function hostPhotos(album: E2eAlbum) {
  const photos = await apiCall<{ data: OwnerPhotos }>(album.baseUrl, `/api/events/photos/${album.albumId}`, {
    method: 'GET',
    token: album.host.session.access_token,
  });
  return photos.data.items.map((photo) => [photo.originalName, photo.sectionId, photo.state]).sort();
}

async function albumWithSection(verification: boolean, section: string) {
  const album = await finishedAlbum(journey.server.url, 'elite', { enable_verification: verification });
  const created = await apiCall<{ data: { id: string } }>(album.baseUrl, `/api/events/${album.albumId}/sections`, {
    body: { name: section },
    token: album.host.session.access_token,
  });
  return { album, sectionId: created.data.id };
}

/** Name, section and three files picked; "Subir" tapped; answers once the large first one is sending. */
async function pickSendAndWait(page: Page, album: E2eAlbum, guest: string, section: string, files: PickedFile[]) {
  await page.goto(`${album.baseUrl}/guest/${album.accessCode}`);
  await page.getByTestId('guest-name').fill(guest);
  await page.getByTestId('guest-section-choice').getByText(section).click();
  await page.getByTestId('guest-file-input').setInputFiles(files);
  await page.getByTestId('guest-file').nth(2).waitFor();
  await page.getByTestId('guest-submit').click();
  const first = page.getByTestId('guest-file').first();
  await expect
    .poll(async () => [await first.getAttribute('data-status'), await first.textContent()], { timeout: 20_000 })
    .toEqual(['uploading', expect.stringMatching(/[1-9]\d*%/)]);
}

type PickedFile = { name: string; mimeType: string; buffer: Buffer };
const jpeg = async (name: string, buffer: Promise<Buffer>): Promise<PickedFile> => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await buffer,
});
const percentOf = async (banner: Locator) =>
  Number(await banner.getByRole('progressbar').getAttribute('aria-valuenow'));
const checkedSection = (page: Page) =>
  page.getByTestId('guest-section-choice').locator('label:has(input:checked)').textContent();

describe('a guest who goes to the album while files upload, and comes back', () => {
  it('on a 390 px phone in Spanish, with guest verification on: all three reach "Fiesta" and the guest page says so', async () => {
    const { album, sectionId } = await albumWithSection(true, 'Fiesta');
    // A phone as it comes: its service worker may send files in the background too.
    const context = await journey.browser.newContext({ ...PHONE_OPTIONS, locale: 'es-MX' });
    await context.addInitScript(() => localStorage.setItem('momentos.language', 'es'));
    const page = await context.newPage();
    const problems: string[] = [];
    watchPageProblems(page, problems, /Failed to load resource/);
    await slowUplink(context, page);
    const files = [
      await jpeg('grande.jpg', largeJpeg(3)),
      await jpeg('brindis.jpg', sampleJpeg(11)),
      await jpeg('pastel.jpg', sampleJpeg(12)),
    ];
    await pickSendAndWait(page, album, 'Tía Carmen', 'Fiesta', files);
    await saveScreenshot(page, 'guest-away-sending-phone-es');

    // "Ver álbum completo" while the first one is still on its way.
    await page.getByTestId('guest-album-link').click();
    const banner = page.getByTestId('album-upload-queue');
    await banner.waitFor();
    // The bar moves with the large one's bytes, not only when a whole file is in.
    await expect.poll(() => percentOf(banner), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await banner.textContent()).toContain('Subiendo tus archivos: 0 de 3 ya están en el álbum');
    await saveScreenshot(page, 'guest-away-album-phone-es');
    // The guestbook's invitation reads as a line of text, its button under it, not a one-word column.
    const entry = page.getByTestId('guestbook-entry');
    const [entryBox, wordsBox] = [await entry.boundingBox(), await entry.locator('p').first().boundingBox()];
    expect(wordsBox!.width).toBeGreaterThan(entryBox!.width * 0.7);

    // Nothing tapped: the album page sends the rest, the third too, into the section chosen.
    await banner.waitFor({ state: 'detached', timeout: 90_000 });
    await expect
      .poll(() => hostPhotos(album), { timeout: 15_000 })
      .toEqual([
        ['brindis.jpg', sectionId, 'pending'],
        ['grande.jpg', sectionId, 'pending'],
        ['pastel.jpg', sectionId, 'pending'],
      ]);
    // The guest sees their own three, waiting for the hosts.
    await expect.poll(() => page.getByTestId('album-tile').count(), { timeout: 15_000 }).toBe(3);

    // Back to the guest page: the batch is in, and "Fiesta" is still the section chosen.
    await page.goBack();
    const lastBatch = page.getByTestId('guest-last-batch');
    await lastBatch.waitFor();
    expect(await lastBatch.textContent()).toContain('¡Listo! Tus 3 archivos ya están en el álbum.');
    expect(await lastBatch.textContent()).toContain('3 esperan la aprobación del anfitrión.');
    expect(await checkedSection(page)).toBe('Fiesta');
    expect(await page.getByTestId('guest-file').count()).toBe(0);
    expect(await page.getByTestId('guest-submit').textContent()).toBe('Subir fotos');
    await settlePage(page);
    await saveScreenshot(page, 'guest-away-back-phone-es');
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it.each([
    ['on', true],
    ['off', false],
  ] as const)(
    'on a desktop in English, verification %s, back while the third is still on its way: the guest page finishes it into "Party"',
    async (label, verification) => {
      const { album, sectionId } = await albumWithSection(verification, 'Party');
      const state = verification ? 'pending' : 'approved';
      // The page's own queue under test: no service worker sends files in between.
      const context = await journey.browser.newContext({ viewport: DESKTOP, locale: 'en-US', serviceWorkers: 'block' });
      await context.addInitScript(() => localStorage.setItem('momentos.language', 'en'));
      const page = await context.newPage();
      const problems: string[] = [];
      watchPageProblems(page, problems, /Failed to load resource/);
      await slowUplink(context, page);
      const files = [
        await jpeg('big-one.jpg', largeJpeg(5)),
        await jpeg('toast.jpg', sampleJpeg(21)),
        await jpeg('big-two.jpg', largeJpeg(7)),
      ];
      await pickSendAndWait(page, album, 'Uncle Joe', 'Party', files);

      await page.getByTestId('guest-album-link').click();
      const banner = page.getByTestId('album-upload-queue');
      await banner.waitFor();
      // Two in, the third (large) one on its way from the album page: the guest goes back to the details.
      await expect.poll(() => banner.textContent(), { timeout: 60_000 }).toContain('2 of 3 are in the album');
      expect((await hostPhotos(album)).length).toBe(2);
      const twoIn = await percentOf(banner);
      await expect.poll(() => percentOf(banner), { timeout: 10_000 }).toBeGreaterThan(twoIn);
      await settlePage(page);
      await saveScreenshot(page, `guest-away-album-verification-${label}-desktop-en`);
      await page.getByTestId('album-upload-queue-link').click();

      const summary = page.getByTestId('guest-queue-summary');
      await summary.waitFor();
      expect(await summary.textContent()).toMatch(/^2 of 3 in the album · 1 (waiting|on its way)/);
      expect(await checkedSection(page)).toBe('Party');
      await saveScreenshot(page, `guest-away-back-verification-${label}-desktop-en`);

      // Nothing tapped: the third goes from here.
      const lastBatch = page.getByTestId('guest-last-batch');
      await lastBatch.waitFor({ timeout: 90_000 });
      expect(await lastBatch.textContent()).toContain('Done! All 3 of your files are in the album.');
      expect((await lastBatch.textContent())?.includes("3 are waiting for the host's approval.")).toBe(verification);
      expect(await checkedSection(page)).toBe('Party');
      expect(await hostPhotos(album)).toEqual([
        ['big-one.jpg', sectionId, state],
        ['big-two.jpg', sectionId, state],
        ['toast.jpg', sectionId, state],
      ]);
      await settlePage(page);
      await saveScreenshot(page, `guest-away-done-verification-${label}-desktop-en`);
      expect(problems).toEqual([]);
      await context.close();
    },
    180_000,
  );
});
