import type { ItineraryEntry } from '@momentos/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, finishedAlbum, type E2eAlbum } from './support/album-fixture.js';
import { DESKTOP, PHONE, saveScreenshot, settlePage } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';

const journey = useProductAndBrowser();

/** What the server holds, read back through the host's API. */
async function serverTitles(album: E2eAlbum) {
  const list = await apiCall<{ data: ItineraryEntry[] }>(
    journey.server.url,
    `/api/customizations/${album.customizationId}/itinerary`,
    { token: album.host.session.access_token },
  );
  return list.data.map((entry) => entry.titulo);
}

async function addActivity(page: Page, time: string, title: string) {
  await page.getByTestId('itinerary-add').click();
  await page.getByTestId('itinerary-time').fill(time);
  await page.getByTestId('itinerary-title').fill(title);
  await page.getByTestId('itinerary-save').click();
  await page.getByTestId('itinerary-entry').filter({ hasText: title }).waitFor();
}

const titlesOnScreen = (page: Page) => page.getByTestId('itinerary-entry-title').allTextContents();

describe("the modify screen's itinerary", () => {
  it('on a desktop in English, waits for "Save changes" like the other tabs, with a delete pending and undoable', async () => {
    const album = await finishedAlbum(journey.server.url, 'premium');
    await apiCall(journey.server.url, `/api/customizations/${album.customizationId}/itinerary`, {
      token: album.host.session.access_token,
      body: { icono: 'Church', hora: '17:00', titulo: 'Ceremony', descripcion: '', ubicacion: '' },
    });
    const context = await journey.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    await context.addInitScript((raw) => {
      localStorage.setItem('momentos.session', raw);
      localStorage.setItem('momentos.language', 'en');
    }, JSON.stringify(album.host.session));
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/modify/${album.customizationId}`);
    await page.getByTestId('modify-tab-itinerary').click();
    await page.getByTestId('itinerary-entry').filter({ hasText: 'Ceremony' }).waitFor();

    await addActivity(page, '20:30', 'Dinner');
    await addActivity(page, '22:00', 'Dance');
    await page.getByTestId('itinerary-entry').nth(2).getByTestId('itinerary-up').click();
    const ceremony = page.getByTestId('itinerary-entry').filter({ hasText: 'Ceremony' });
    await ceremony.getByTestId('itinerary-delete').click();
    // The delete is shown, not done: marked, with an undo, until the host saves.
    expect(await ceremony.getAttribute('data-pending')).toBe('delete');
    expect(await ceremony.getByTestId('itinerary-pending').textContent()).toBe('Deleted when you save');
    await ceremony.getByRole('button', { name: 'Undo' }).click();
    expect(await ceremony.getAttribute('data-pending')).toBeNull();
    await ceremony.getByTestId('itinerary-delete').click();
    expect(await titlesOnScreen(page)).toEqual(['Ceremony', 'Dance', 'Dinner']);
    await page.getByTestId('itinerary-add').scrollIntoViewIfNeeded();
    await settlePage(page);
    await saveScreenshot(page, 'itinerary-draft-pending-desktop-en');

    // Nothing has reached the server yet.
    expect(await serverTitles(album)).toEqual(['Ceremony']);

    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/\/auth$/);
    expect(await serverTitles(album)).toEqual(['Dance', 'Dinner']);

    await page.goto(`${journey.server.url}/modify/${album.customizationId}`);
    await page.getByTestId('modify-tab-itinerary').click();
    await page.getByTestId('itinerary-entry').first().waitFor();
    expect(await titlesOnScreen(page)).toEqual(['Dance', 'Dinner']);
    expect(await page.getByTestId('itinerary-pending').count()).toBe(0);
    await context.close();
  });

  it('on a 390 px phone in Spanish, shows a delete as pending with «Deshacer» and leaving drops it', async () => {
    const album = await finishedAlbum(journey.server.url, 'premium');
    await apiCall(journey.server.url, `/api/customizations/${album.customizationId}/itinerary`, {
      token: album.host.session.access_token,
      body: { icono: 'Church', hora: '17:00', titulo: 'Ceremonia', descripcion: '', ubicacion: 'Parroquia' },
    });
    const context = await journey.browser.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      locale: 'es-MX',
    });
    await context.addInitScript((raw) => {
      localStorage.setItem('momentos.session', raw);
      localStorage.setItem('momentos.language', 'es');
    }, JSON.stringify(album.host.session));
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/modify/${album.customizationId}`);
    await page.getByTestId('modify-tab-itinerary').click();
    await addActivity(page, '21:00', 'Vals');
    const ceremonia = page.getByTestId('itinerary-entry').filter({ hasText: 'Ceremonia' });
    await ceremonia.getByTestId('itinerary-delete').click();
    expect(await ceremonia.getByTestId('itinerary-pending').textContent()).toBe('Se eliminará al guardar');
    await ceremonia.getByRole('button', { name: 'Deshacer' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByTestId('itinerary-add').scrollIntoViewIfNeeded();
    await settlePage(page);
    await saveScreenshot(page, 'itinerary-draft-pending-phone-es');

    // Cancel leaves without saving: the server keeps what it had.
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.waitForURL(/\/auth$/);
    expect(await serverTitles(album)).toEqual(['Ceremonia']);
    await context.close();
  });
});
