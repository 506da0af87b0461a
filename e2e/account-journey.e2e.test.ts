import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, saveScreenshot } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';
import { recordSecret } from './support/test-run.js';

const journey = useProductAndBrowser();

async function openAccountMenu(page: Page) {
  await page.getByTestId('nav-account').click();
  await page.getByTestId('account-email').waitFor();
}

async function submitDialog(page: Page, email: string, password: string) {
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

describe('a host’s first visit', () => {
  it('registers, logs out, logs in through the dialog, switches language and logs out', async () => {
    const context = await journey.browser.newContext({ viewport: DESKTOP, locale: 'es-MX' });
    const page = await context.newPage();
    // A content-security-policy violation or a script error shows up here.
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('401')) problems.push(message.text());
    });
    const email = `ana-${Date.now()}@example.com`;
    const password = 'fiesta-2026';
    recordSecret(password, 'password');

    await page.goto(journey.server.url);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.getByTestId('nav-create-album').getByText('Crear álbum').waitFor();
    await saveScreenshot(page, 'home-shell-desktop-es');

    // Register through the dialog's register mode.
    await page.getByTestId('nav-login').click();
    await page.getByTestId('login-to-register').click();
    await submitDialog(page, email, password);
    await page.getByTestId('account-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');

    await openAccountMenu(page);
    expect(await page.getByTestId('account-email').textContent()).toContain(email);
    await page.getByTestId('nav-logout').click();
    await page.getByTestId('nav-login').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // A wrong password keeps the dialog open with an error toast.
    await page.getByTestId('nav-login').click();
    await submitDialog(page, email, 'wrong-password');
    await page
      .getByTestId('toast')
      .filter({ hasText: /correo o contraseña|Invalid email or password/i })
      .waitFor();
    expect(await page.locator('#login-email').isVisible()).toBe(true);

    // The right one signs in and lands on the account page.
    await page.locator('#login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('account-page').waitFor();
    await openAccountMenu(page);
    expect(await page.getByTestId('email-status').getAttribute('data-status')).toBe('pending');
    await saveScreenshot(page, 'account-menu-desktop-es');
    await page.keyboard.press('Escape');

    // English and back; the choice survives a reload.
    await page.getByTestId('lang-en').click();
    await page.getByTestId('nav-create-album').getByText('Create album').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.reload();
    await page.getByTestId('nav-create-album').getByText('Create album').waitFor();
    expect(await page.getByTestId('lang-en').getAttribute('aria-pressed')).toBe('true');
    await saveScreenshot(page, 'account-page-desktop-en');
    await page.getByTestId('lang-es').click();
    await page.getByTestId('nav-create-album').getByText('Crear álbum').waitFor();

    // Signed in across a reload, then out.
    await openAccountMenu(page);
    await page.getByTestId('nav-logout').click();
    await page.getByTestId('nav-login').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('momentos.session'))).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the shell on a phone in both languages', async () => {
    for (const language of ['es', 'en'] as const) {
      const context = await journey.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
      await context.addInitScript((lang) => localStorage.setItem('momentos.language', lang), language);
      const page = await context.newPage();
      await page.goto(journey.server.url);
      await page.getByTestId('lang-es').waitFor();
      await page.getByTestId('nav-login').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await saveScreenshot(page, `home-shell-phone-${language}`);
      await context.close();
    }
  });

  it('serves client routes directly and a 404 page for unknown paths', async () => {
    const page = await journey.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${journey.server.url}/checkout/step/2`);
    await page.getByTestId('checkout-page').waitFor();
    const response = await page.goto(`${journey.server.url}/no-such-page`);
    // The same app, with a status that tells crawlers and link checkers the page is missing.
    expect(response?.status()).toBe(404);
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByTestId('not-found').textContent()).toContain('404');
    await page.goto(`${journey.server.url}/auth`);
    await page.waitForURL(`${journey.server.url}/`);
    await page.close();
  });
});
