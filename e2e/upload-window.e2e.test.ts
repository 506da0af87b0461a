import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paidOrder, type HostSession } from './support/album-fixture.js';
import { DESKTOP, PHONE, saveScreenshot, SCREENSHOT_DIR } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';

const journey = useProductAndBrowser();
const problems: string[] = [];
const TIME_ZONE = 'America/Mexico_City';

/** YYYY-MM-DD `days` after `from` (a calendar date), counted by hand. */
function calendarDay(from: string, days: number): string {
  return new Date(Date.parse(`${from}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
const dayFromToday = (days: number) => calendarDay(new Date().toISOString().slice(0, 10), days);
const written = (day: string, locale: string, dateStyle: 'medium' | 'long') =>
  new Intl.DateTimeFormat(locale, { dateStyle, timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/** A signed-in host's page in the language and viewport, whose browser lives in Mexico City. */
async function hostPage(session: HostSession, language: 'es' | 'en', viewport = PHONE): Promise<Page> {
  const phone = viewport === PHONE;
  const context = await journey.browser.newContext({
    viewport,
    isMobile: phone,
    hasTouch: phone,
    timezoneId: TIME_ZONE,
  });
  await context.addInitScript(
    ([raw, lang]) => {
      localStorage.setItem('momentos.session', raw!);
      localStorage.setItem('momentos.language', lang!);
    },
    [JSON.stringify(session), language],
  );
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(error.message));
  return page;
}

async function shot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await saveScreenshot(page, `upload-window-${name}`);
  const review = '/tmp/screens/upload-window';
  fs.mkdirSync(review, { recursive: true });
  fs.copyFileSync(path.join(SCREENSHOT_DIR, `upload-window-${name}.png`), path.join(review, `${name}.png`));
}

async function onStep(page: Page, step: string) {
  await page.locator(`[data-testid="wizard-step"][data-step="${step}"]`).waitFor();
}

/** The wizard from the name to the summary, the event `eventDate`, then Crear mi álbum; answers the new album's id. */
async function personalize(page: Page, orderId: string, eventDate: string): Promise<string> {
  await page.goto(`${journey.server.url}/personalization/step-1?orderId=${orderId}`);
  await onStep(page, 'name');
  await page.getByTestId('wizard-input').fill('Boda de Ana y Luis');
  await page.getByTestId('wizard-continue').click();
  await onStep(page, 'description');
  await page.getByTestId('wizard-continue').click();
  await onStep(page, 'date');
  await page.getByTestId('wizard-input').fill(eventDate);
  await page.getByTestId('wizard-continue').click();
  await onStep(page, 'location');
  await page.getByTestId('wizard-input').fill('Hacienda Los Olivos, Guadalajara');
  await page.getByTestId('wizard-continue').click();
  await onStep(page, 'cover');
  await page.getByTestId('wizard-continue').click();
  await onStep(page, 'font');
  await page.getByTestId('font-option-georgia').click();
  await page.getByTestId('wizard-continue').click();
  await onStep(page, 'music');
  await page.getByTestId('wizard-input').fill('Boleros');
  await page.getByTestId('wizard-continue').click();
  await onStep(page, 'singles');
  await page.getByTestId('wizard-continue').click();
  await page.locator('[data-testid="summary-phase"][data-phase="complete"]').waitFor({ timeout: 15_000 });
  // However finalizing goes on (a new tab, a ready screen), the album exists once this answers.
  page.context().on('page', (opened) => void opened.close());
  const isComplete = (url: string) => /\/api\/customizations\/[^/]+\/complete$/.test(url);
  const completed = page.waitForResponse((res) => res.request().method() === 'POST' && isComplete(res.url()));
  await page.getByTestId('summary-finalize').click();
  return ((await (await completed).json()) as { data: { albumId: string } }).data.albumId;
}

describe('the upload window follows the event', () => {
  it('tells the host of a Plus album for an event 30 days away that uploads close 15 days after it', async () => {
    const { host, orderId } = await paidOrder(journey.server.url, 'plus');
    const eventDate = dayFromToday(30);
    const lastDay = calendarDay(eventDate, 15);
    const page = await hostPage(host.session, 'es');
    const albumId = await personalize(page, orderId, eventDate);

    await page.goto(`${journey.server.url}/auth`);
    const card = page.locator(`[data-testid="album-card"][data-album-id="${albumId}"]`);
    const uploads = card.getByTestId('album-card-uploads');
    await uploads.waitFor();
    expect((await uploads.innerText()).replace(/\s+/g, ' ')).toBe(
      `Subidas hasta: ${written(lastDay, 'es-ES', 'medium')}`,
    );
    await uploads.scrollIntoViewIfNeeded();
    await shot(page, 'dashboard-phone-es');

    await card.getByTestId('album-card-name').click();
    await page.waitForURL(new RegExp(`/album-detail/${albumId}$`));
    const line = page.getByTestId('album-upload-window');
    expect(await line.innerText()).toBe(
      `Los invitados pueden subir fotos hasta el ${written(lastDay, 'es-ES', 'long')}`,
    );
    await shot(page, 'detail-header-phone-es');
    await page.getByTestId('detail-tab-details').click();
    const pkg = page.getByTestId('details-package');
    await expect.poll(() => pkg.innerText()).toContain(written(lastDay, 'es-ES', 'long'));
    await pkg.scrollIntoViewIfNeeded();
    await shot(page, 'detail-package-phone-es');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The window ends at midnight where the host's browser is.
    const customization = await fetch(`${journey.server.url}/api/customizations/my-customizations`, {
      headers: { Authorization: `Bearer ${host.session.access_token}` },
    });
    expect(((await customization.json()) as { data: { time_zone: string }[] }).data[0]!.time_zone).toBe(TIME_ZONE);
    await page.context().close();

    const english = await hostPage(host.session, 'en');
    await english.goto(`${journey.server.url}/album-detail/${albumId}`);
    await english.getByTestId('album-upload-window').waitFor();
    const englishLine = await english.getByTestId('album-upload-window').innerText();
    expect(englishLine).toBe(`Guests can upload until ${written(lastDay, 'en-US', 'long')}`);
    await shot(english, 'detail-header-phone-en');
    await english.goto(`${journey.server.url}/auth`);
    await english.getByTestId('album-card-uploads').scrollIntoViewIfNeeded();
    await shot(english, 'dashboard-phone-en');
    await english.context().close();

    for (const language of ['es', 'en'] as const) {
      const desktop = await hostPage(host.session, language, DESKTOP);
      await desktop.goto(`${journey.server.url}/auth`);
      await desktop.getByTestId('album-card-uploads').scrollIntoViewIfNeeded();
      await shot(desktop, `dashboard-desktop-${language}`);
      await desktop.goto(`${journey.server.url}/album-detail/${albumId}`);
      await desktop.getByTestId('album-upload-window').waitFor();
      await shot(desktop, `detail-header-desktop-${language}`);
      await desktop.getByTestId('detail-tab-details').click();
      await desktop.getByTestId('details-package').scrollIntoViewIfNeeded();
      await shot(desktop, `detail-package-desktop-${language}`);
      await desktop.context().close();
    }
    expect(problems.splice(0)).toEqual([]);
  });

  const PLAN_WORDS = {
    es: {
      plus: 'Subidas hasta 15 días después del evento',
      elite: 'Subidas sin fecha de cierre',
      home: 'Álbum abierto hasta 15 días después del evento',
    },
    en: {
      plus: 'Uploads until 15 days after the event',
      elite: 'Uploads never close',
      home: 'Album open until 15 days after the event',
    },
  };

  it.each(['es', 'en'] as const)(
    'plan cards of the checkout and the home page count the window from the event (%s)',
    async (language) => {
      for (const [viewport, size] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        const phone = viewport === 'phone';
        const context = await journey.browser.newContext({ viewport: size, isMobile: phone, hasTouch: phone });
        await context.addInitScript((lang) => localStorage.setItem('momentos.language', lang), language);
        const page = await context.newPage();
        await page.goto(`${journey.server.url}/checkout`);
        const plus = page.getByTestId('plan-plus');
        await plus.waitFor();
        expect(await plus.getByTestId('plan-window').innerText()).toBe(PLAN_WORDS[language].plus);
        expect(await page.getByTestId('plan-elite').getByTestId('plan-window').innerText()).toBe(
          PLAN_WORDS[language].elite,
        );
        await plus.scrollIntoViewIfNeeded();
        await shot(page, `checkout-plans-${viewport}-${language}`);
        await page.goto(`${journey.server.url}/`);
        const homePlus = page.getByTestId('plan-plus');
        await homePlus.scrollIntoViewIfNeeded();
        expect(await homePlus.innerText()).toContain(PLAN_WORDS[language].home);
        await shot(page, `home-plans-${viewport}-${language}`);
        await context.close();
      }
    },
  );
});
