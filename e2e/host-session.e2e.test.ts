import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import enAlbumDetail from '../apps/web/public/locales/en/albumDetail.json';
import enCommon from '../apps/web/public/locales/en/common.json';
import esAlbumDetail from '../apps/web/public/locales/es/albumDetail.json';
import esCommon from '../apps/web/public/locales/es/common.json';
import esDashboard from '../apps/web/public/locales/es/dashboard.json';
import {
  finishedAlbum,
  sampleJpeg,
  joinAsGuest,
  uploadAsGuest,
  type E2eAlbum,
  type HostSession,
} from './support/album-fixture.js';
import { PHONE, saveScreenshot } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';
import { recordSecretsIn } from './support/test-run.js';

// A host comes back to the product with the session the browser kept: expired, refused or ended elsewhere.
const journey = useProductAndBrowser();
const words = { es: { common: esCommon, detail: esAlbumDetail }, en: { common: enCommon, detail: enAlbumDetail } };
let album: E2eAlbum;

beforeAll(async () => {
  album = await finishedAlbum(journey.server.url, 'premium');
  const guest = await joinAsGuest(album);
  await uploadAsGuest(album, guest, await sampleJpeg(1));
}, 120_000);

/** A new sign-in of the album's host, as another visit would have stored it. */
async function signIn(): Promise<HostSession> {
  const res = await fetch(`${journey.server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: album.host.email, password: album.host.password }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { session: HostSession } };
  recordSecretsIn(body);
  return body.data.session;
}

/** A phone whose browser holds `session` (written once, so the app's own renewals are not undone). */
async function phoneWith(
  session: HostSession,
  language: 'es' | 'en',
): Promise<{ context: BrowserContext; page: Page; refreshes: () => number }> {
  const context = await journey.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  let refreshes = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/refresh') refreshes += 1;
  });
  // A same-origin file that runs no app, to write the storage before the app first reads it.
  await page.goto(`${journey.server.url}/favicon.svg`);
  await page.evaluate(
    ([raw, lang]) => {
      localStorage.setItem('momentos.session', raw!);
      localStorage.setItem('momentos.language', lang!);
    },
    [JSON.stringify(session), language],
  );
  return { context, page, refreshes: () => refreshes };
}

const storedSession = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('momentos.session') ?? 'null') as HostSession | null);

describe('a host keeps their session', () => {
  it('stays signed in when the stored access token has expired, and sees their albums', async () => {
    const session = await signIn();
    const { context, page, refreshes } = await phoneWith(
      { ...session, expires_at: Math.floor(Date.now() / 1000) - 120 },
      'es',
    );
    await page.goto(`${journey.server.url}/auth`);

    await page.getByTestId('account-page').waitFor();
    await expect.poll(() => page.getByTestId('dashboard-title').textContent()).toBe(esDashboard.welcome);
    await page.getByTestId('album-card-name').filter({ hasText: 'Boda de Ana y Luis' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    const renewed = await storedSession(page);
    expect(renewed?.access_token).not.toBe(session.access_token);
    expect(renewed!.expires_at * 1000).toBeGreaterThan(Date.now());
    expect(refreshes()).toBe(1);
    await saveScreenshot(page, 'host-session-renewed-phone-es');
    await context.close();
  });

  it('renews once when requests in two tabs are refused together, and retries each of them', async () => {
    const session = await signIn();
    // An access token the server no longer accepts, which the browser still believes valid.
    const { context, page } = await phoneWith({ ...session, access_token: 'no-longer-valid-access-token' }, 'es');
    const second = await context.newPage();
    let refused = 0;
    let renewals = 0;
    context.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (response.status() === 401 && pathname.startsWith('/api/events/')) refused += 1;
      if (pathname === '/api/auth/refresh') renewals += 1;
    });
    const detailPath = `/album-detail/${album.albumId}`;
    await Promise.all([
      page.goto(`${journey.server.url}${detailPath}`),
      second.goto(`${journey.server.url}${detailPath}`),
    ]);

    // The refresh token is single-use: a second exchange would have ended the session in both tabs.
    await Promise.all([page.getByTestId('photo-grid').waitFor(), second.getByTestId('photo-grid').waitFor()]);
    // At least the first tab's request is refused; on a slow machine the second may start after the
    // renewal and send the new token at once. Either way there is a single renewal.
    expect(refused).toBeGreaterThanOrEqual(1);
    expect(renewals).toBe(1);
    for (const tab of [page, second]) expect(new URL(tab.url()).pathname).toBe(detailPath);
    expect((await storedSession(page))?.access_token).not.toBe('no-longer-valid-access-token');
    await context.close();
  });

  for (const language of ['es', 'en'] as const) {
    it(`asks a host signed out on another device to sign in again (${language}), not to check the connection`, async () => {
      const session = await signIn();
      // The other device ends this very session: its refresh token is revoked with it.
      const ended = await fetch(`${journey.server.url}/api/auth/logout`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${session.access_token}` },
      });
      expect(ended.status).toBe(200);
      const { context, page } = await phoneWith(session, language);
      const detailPath = `/album-detail/${album.albumId}`;
      await page.goto(`${journey.server.url}${detailPath}`);

      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await page.getByTestId('login-notice').textContent()).toBe(words[language].common.auth.login.sessionEnded);
      expect(await page.locator('body').textContent()).not.toContain(words[language].detail.loadFailedText);
      expect(await storedSession(page)).toBeNull();
      await saveScreenshot(page, `host-session-ended-phone-${language}`);

      // Signing in again brings the host back to the album they were looking at.
      await page.locator('#login-email').fill(album.host.email);
      await page.locator('#login-password').fill(album.host.password);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('photo-grid').waitFor();
      expect(new URL(page.url()).pathname).toBe(detailPath);
      await context.close();
    });
  }

  it('puts the focus back on the e-mail field after a failed sign-in, and one Escape closes the dialog', async () => {
    const context = await journey.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(journey.server.url);
    await page.evaluate(() => localStorage.setItem('momentos.language', 'es'));
    await page.reload();
    await page.getByTestId('nav-login').click();
    await page.locator('#login-email').fill(album.host.email);
    await page.locator('#login-password').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('toast').filter({ hasText: esCommon.errors.INVALID_CREDENTIALS }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('login-email');

    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 2000 });
    await context.close();
  });
});
