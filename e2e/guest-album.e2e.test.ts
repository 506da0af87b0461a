import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { finishedAlbum, sampleJpeg, uploadAsGuest, type E2eAlbum } from './support/album-fixture.js';
import { collectPageErrors, saveScreenshot } from './support/browser.js';
import { guestAlbumPages, tiles } from './support/guest-album-pages.js';
import { useProductAndBrowser } from './support/journey.js';

// What guests do in the shared album; how it looks on each screen is guest-album-looks.e2e.test.ts.
const journey = useProductAndBrowser();
const { contextFor, albumWithPhotos } = guestAlbumPages(journey);

/** A horizontal or downward swipe on the viewer's photo, as touch events. */
async function swipe(page: Page, dx: number, dy: number) {
  await page.getByTestId('viewer-image').evaluate(
    (element, [x, y]) => {
      const rect = element.getBoundingClientRect();
      const from = { clientX: rect.left + rect.width / 2, clientY: rect.top + rect.height / 3 };
      const touch = (point: { clientX: number; clientY: number }) =>
        new Touch({ identifier: 1, target: element, ...point });
      element.dispatchEvent(
        new TouchEvent('touchstart', { bubbles: true, touches: [touch(from)], changedTouches: [touch(from)] }),
      );
      const to = { clientX: from.clientX + x!, clientY: from.clientY + y! };
      element.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(to)] }));
    },
    [dx, dy],
  );
}

describe('the guests’ shared album', () => {
  it('a guest on a phone browses, likes and comments; others see a new photo arrive without reloading', async () => {
    const { album, token, ids } = await albumWithPhotos(2);
    const phone = await (await contextFor('es', 'phone')).newPage();
    const problems = collectPageErrors(phone);

    await phone.goto(`${journey.server.url}/album/${album.albumId}?code=${album.accessCode}`);
    await tiles(phone, 2);
    // The code went to local storage and out of the address bar.
    expect(new URL(phone.url()).search).toBe('');
    expect(await phone.getByTestId('album-name').textContent()).toBe('Boda de Ana y Luis');
    expect(await phone.getByTestId('album-upload-link').getAttribute('href')).toBe(`/guest/${album.accessCode}`);
    // Newest first: the second upload is the first tile.
    expect(await phone.getByTestId('album-tile').first().getAttribute('data-photo-id')).toBe(ids[1]);

    await phone.getByTestId('album-tile').first().click();
    await phone.getByTestId('photo-viewer').waitFor();
    expect(new URL(phone.url()).searchParams.get('photo')).toBe(ids[1]);
    expect(await phone.getByTestId('viewer-uploader').textContent()).toBe('Tía Carmen');
    expect(await phone.getByTestId('viewer-position').textContent()).toBe('1 de 2');

    // Swipe left: the next (older) photo; swipe right: back.
    await swipe(phone, -150, 5);
    await expect.poll(() => new URL(phone.url()).searchParams.get('photo'), { timeout: 10_000 }).toBe(ids[0]);
    // The address changes first; the viewer renders the new position right after.
    await expect.poll(() => phone.getByTestId('viewer-position').textContent()).toBe('2 de 2');

    // Liking needs a name: the visitor holds only the code, so they join first.
    await phone.getByTestId('viewer-like').click();
    await phone.getByTestId('viewer-join').waitFor();
    await saveScreenshot(phone, 'guest-album-viewer-join-phone-es');
    await phone.locator('#viewer-join-name').fill('Primo Beto');
    await phone.getByTestId('viewer-join-submit').click();
    await expect.poll(() => phone.getByTestId('viewer-like-count').textContent(), { timeout: 10_000 }).toBe('1');
    expect(await phone.getByTestId('viewer-like').getAttribute('aria-pressed')).toBe('true');

    const comment = '¡Qué bonita foto! <b>no es html</b>';
    await phone.getByTestId('viewer-comment-input').fill(comment);
    await phone.getByTestId('viewer-comment-send').click();
    const shown = phone.getByTestId('viewer-comment').filter({ hasText: comment });
    await shown.waitFor();
    expect(await shown.textContent()).toContain('Primo Beto');
    await saveScreenshot(phone, 'guest-album-viewer-commented-phone-es');

    // The server kept both, for this guest: a reload still shows them.
    await phone.reload();
    await phone.getByTestId('photo-viewer').waitFor();
    await expect.poll(() => phone.getByTestId('viewer-like-count').textContent(), { timeout: 10_000 }).toBe('1');
    await phone.getByTestId('viewer-comment').filter({ hasText: comment }).waitFor();

    // A downward swipe closes the viewer.
    await swipe(phone, 0, 220);
    await phone.getByTestId('photo-viewer').waitFor({ state: 'detached' });
    expect(new URL(phone.url()).searchParams.get('photo')).toBeNull();

    // Two more screens: the grid on a laptop and the slideshow, both open before the upload.
    const laptop = await (await contextFor('en', 'desktop')).newPage();
    const projector = await (await contextFor('es', 'desktop')).newPage();
    const otherProblems = [...collectPageErrors(laptop), ...collectPageErrors(projector)];
    await laptop.goto(`${journey.server.url}/album/${album.albumId}?code=${album.accessCode}`);
    await tiles(laptop, 2);
    await projector.goto(`${journey.server.url}/album/${album.albumId}/slideshow?code=${album.accessCode}`);
    await projector.getByTestId('slideshow-photo').waitFor();
    expect(await projector.getByTestId('slideshow-code').textContent()).toBe(
      `${album.accessCode.slice(0, 3)} ${album.accessCode.slice(3)}`,
    );

    // A marker in each page's memory: it survives only if nobody reloads.
    for (const page of [laptop, projector, phone])
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    const fresh = await uploadAsGuest(album, token, await sampleJpeg(999), 'IMG_NEW.jpg');
    const freshTile = `[data-testid="album-tile"][data-photo-id="${fresh.id}"]`;
    // Seconds, not a reload: the wait allows for a loaded CI machine.
    await laptop.locator(freshTile).waitFor({ timeout: 20_000 });
    await phone.locator(freshTile).waitFor({ timeout: 20_000 });
    expect(await laptop.getByTestId('album-tile').first().getAttribute('data-photo-id')).toBe(fresh.id);
    // The new photo jumps the slideshow's queue: on screen within one slide (6 s) and its fade.
    await projector
      .locator(`[data-testid="slideshow-photo"][data-photo-id="${fresh.id}"]`)
      .waitFor({ timeout: 20_000 });

    for (const page of [laptop, projector, phone])
      expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
    expect(problems).toEqual([]);
    expect(otherProblems).toEqual([]);
    await Promise.all([phone.context().close(), laptop.context().close(), projector.context().close()]);
  });

  it('asks a visitor without the code for it, and shows an empty album with a way to upload', async () => {
    const album: E2eAlbum = await finishedAlbum(journey.server.url, 'premium');
    const page = await (await contextFor('es', 'phone')).newPage();
    await page.goto(`${journey.server.url}/album/${album.albumId}`);
    await page.getByTestId('album-code-form').waitFor();
    await page.locator('#album-code').fill(album.accessCode === '000000' ? '111111' : '000000');
    await page.getByTestId('album-code-submit').click();
    await page.getByRole('alert').waitFor();
    await page.locator('#album-code').fill(album.accessCode);
    await page.getByTestId('album-code-submit').click();
    await page.getByTestId('album-empty').waitFor();
    expect(await page.getByTestId('album-empty').textContent()).toContain('No hay fotos aún');
    await saveScreenshot(page, 'guest-album-empty-phone-es');
    await page.goto(`${journey.server.url}/album/${album.albumId}/slideshow`);
    await page.getByTestId('slideshow-empty').waitFor();
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    await saveScreenshot(page, 'guest-album-slideshow-empty-phone-es');
    await page.context().close();
  });
});
