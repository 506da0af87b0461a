import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { finishedAlbum, joinAsGuest, sampleJpeg, uploadAsGuest } from './support/album-fixture.js';
import { DESKTOP, saveScreenshot } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';

const journey = useProductAndBrowser();

describe('a guest keeping a photo on a desktop', () => {
  it('in English, the viewer offers Copy link (confirmed on screen) and Download gives a .jpg', async () => {
    const album = await finishedAlbum(journey.server.url, 'basic');
    const token = await joinAsGuest(album, 'Aunt Carmen');
    await uploadAsGuest(album, token, await sampleJpeg(41, 1200, 800), 'IMG_4100.jpeg', 'Aunt Carmen');

    const context = await journey.browser.newContext({ viewport: DESKTOP, locale: 'en-US', acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.server.url });
    await context.addInitScript(() => localStorage.setItem('momentos.language', 'en'));
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/album/${album.albumId}?code=${album.accessCode}`);
    await page.getByTestId('album-tile').first().click();
    await page.getByTestId('photo-viewer').waitFor();

    // Desktop Chromium has no share sheet: the link to copy stands in its place.
    expect(await page.getByTestId('viewer-share').count()).toBe(0);
    await page.getByRole('button', { name: "Copy this photo's link" }).click();
    await expect.poll(() => page.getByTestId('viewer-copy-status').textContent()).toBe('Link copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const link = new URL(copied);
    expect(link.pathname).toBe(`/album/${album.albumId}`);
    expect(link.searchParams.get('code')).toBe(album.accessCode);
    expect(link.searchParams.get('photo')).toBeTruthy();
    await saveScreenshot(page, 'guest-save-desktop-copied-en');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download this photo' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('IMG_4100.jpg');
    const bytes = await fs.readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    // The copied link opens the same photo for whoever it is sent to.
    const friend = await context.newPage();
    await friend.goto(copied);
    await friend.getByTestId('photo-viewer').waitFor();
    await context.close();
  });
});
