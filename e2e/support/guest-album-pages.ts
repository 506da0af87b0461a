import type { Browser, BrowserContext, Page } from 'playwright-core';
import { finishedAlbum, joinAsGuest, sampleJpeg, uploadAsGuest } from './album-fixture.js';
import { DESKTOP, PHONE_OPTIONS } from './browser.js';

// The guests' shared album (/album/{id}) as its journeys open it: guest-album*.e2e.test.ts.

export type Language = 'es' | 'en';

/** A phone or a laptop whose visitor chose `language` before (the page reads it from local storage). */
async function contextFor(browser: Browser, language: Language, device: 'phone' | 'desktop'): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...(device === 'phone' ? PHONE_OPTIONS : { viewport: DESKTOP }),
    locale: language === 'es' ? 'es-MX' : 'en-US',
  });
  await context.addInitScript((lang) => localStorage.setItem('momentos.language', lang), language);
  return context;
}

/** Waits until the grid shows exactly `count` tiles. */
export async function tiles(page: Page, count: number) {
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="album-tile"]').length === n, count, {
    timeout: 15_000,
  });
}

let seed = 10;
/** A Premium album with `count` photos from one guest, landscape and portrait in turn, oldest first. */
async function albumWithPhotos(serverUrl: string, count: number, guestName = 'Tía Carmen') {
  const album = await finishedAlbum(serverUrl, 'premium');
  const token = await joinAsGuest(album, guestName);
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1)
    ids.push(
      (
        await uploadAsGuest(
          album,
          token,
          await sampleJpeg((seed += 1), index % 2 ? 800 : 1200, index % 2 ? 1200 : 800),
          `IMG_${seed}.jpg`,
          guestName,
        )
      ).id,
    );
  return { album, token, ids };
}

/** The journey's own helpers, bound to its server and browser (read when called, once they are up). */
export function guestAlbumPages(journey: { readonly server: { url: string }; readonly browser: Browser }) {
  return {
    contextFor: (language: Language, device: 'phone' | 'desktop') => contextFor(journey.browser, language, device),
    albumWithPhotos: (count: number, guestName?: string) => albumWithPhotos(journey.server.url, count, guestName),
  };
}
