import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, saveScreenshot } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';

const journey = useProductAndBrowser();

const PASSWORD = 'fiesta-2026';
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function newPage(viewport: 'desktop' | 'phone', language: 'es' | 'en', from?: BrowserContext): Promise<Page> {
  const context = await journey.browser.newContext({
    viewport: viewport === 'desktop' ? DESKTOP : PHONE,
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
    storageState: from ? await from.storageState() : undefined,
  });
  await context.addInitScript((lang) => localStorage.setItem('momentos.language', lang), language);
  return context.newPage();
}

async function expectStep(page: Page, step: number) {
  await page.locator(`[data-testid="checkout-page"][data-step="${step}"]`).waitFor();
}

/** Card form of the built-in sandbox's hosted page. */
async function payOnSandbox(page: Page, card: string) {
  await page.waitForURL(/\/sandbox\/checkout\/[^/?]+$/);
  const sessionId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay/ }).click();
  return sessionId;
}

describe('checkout and payment result', () => {
  it('buys Plus Lifetime with an add-on, pays with 4242 and reaches personalization', async () => {
    const page = await newPage('desktop', 'es');
    const email = uniqueEmail('sofia');
    await page.goto(journey.server.url);
    await page.getByTestId('nav-create-album').click();
    await expectStep(page, 1);
    expect(await page.getByTestId('checkout-step-label').textContent()).toBe('Paso 1 de 3');
    expect(await page.getByTestId('price-range').textContent()).toBe('$9.95 - $59.95');
    expect(await page.getByTestId('checkout-continue').isDisabled()).toBe(true);
    await page.getByTestId('plan-basic').waitFor();
    await saveScreenshot(page, 'checkout-step1-desktop-es');

    await page.getByTestId('billing-lifetime').click();
    await page.getByTestId('plan-plus').getByText('Acceso para siempre').waitFor();
    await page.getByTestId('plan-plus').click();
    expect(await page.getByTestId('plan-plus').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('addon-extra_photos').check();
    // Plus still offers extra clips; only Elite's unlimited video rules them out.
    expect(await page.getByTestId('addon-extra_videos').count()).toBe(1);
    expect(await page.getByTestId('price-range').count()).toBe(0);
    await saveScreenshot(page, 'checkout-step1-selected-desktop-es');
    await page.getByTestId('checkout-continue').click();

    await expectStep(page, 2);
    expect(await page.getByTestId('auth-mode-register').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('checkout-password').getAttribute('placeholder')).toContain('8');
    await page.getByTestId('checkout-email').fill(email);
    await page.getByTestId('checkout-password').fill(PASSWORD);
    await saveScreenshot(page, 'checkout-step2-desktop-es');
    await page.getByTestId('checkout-continue').click();

    await expectStep(page, 3);
    expect(await page.getByTestId('checkout-total').textContent()).toBe('$24.94 USD');
    const saved = await page.evaluate(() => localStorage.getItem('momentos.checkoutForm'));
    expect(saved).toContain(email);
    expect(saved).not.toContain(PASSWORD);
    await saveScreenshot(page, 'checkout-step3-desktop-es');
    await page.getByTestId('checkout-pay').click();

    await payOnSandbox(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/album\/success\?session_id=/);
    await page.locator('[data-testid="payment-result"][data-state="success"]').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('momentos.checkoutForm'))).toBeNull();
    const orderId = (await page.getByTestId('result-order-id').textContent()) ?? '';
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await page.getByTestId('result-email').textContent()).toBe(email);
    expect(await page.getByTestId('result-amount').textContent()).toBe('$24.94');
    expect(await page.getByTestId('result-currency').textContent()).toBe('USD');
    expect(await page.getByTestId('result-status').textContent()).toBe('Pagado');
    await saveScreenshot(page, 'payment-success-desktop-es');

    // The same result on a phone, in English, with the same signed-in session.
    const phone = await newPage('phone', 'en', page.context());
    await phone.goto(page.url());
    await phone.locator('[data-testid="payment-result"][data-state="success"]').waitFor();
    expect(await phone.getByTestId('result-status').textContent()).toBe('Paid');
    await saveScreenshot(phone, 'payment-success-phone-en');
    await phone.context().close();

    await page.getByTestId('result-personalize').click();
    await page.waitForURL(/\/personalization\/step-1\?/);
    expect(new URL(page.url()).searchParams.get('orderId')).toBe(orderId);
    await page.context().close();
  });

  it('is declined with 4000…0002 and ends on payment_failed, on a phone', async () => {
    const page = await newPage('phone', 'en');
    const email = uniqueEmail('diego');
    // An existing account: registering again must switch step 2 to login (spec 000 §4).
    const registered = await fetch(`${journey.server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(registered.ok).toBe(true);

    await page.goto(`${journey.server.url}/checkout?email=${encodeURIComponent(email)}`);
    await expectStep(page, 1);
    expect(await page.getByTestId('checkout-step-label').textContent()).toBe('Step 1 of 3');
    await page.getByTestId('plan-basic').waitFor();
    expect(await page.getByTestId('billing-monthly').getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, 'checkout-step1-phone-en');
    await page.getByTestId('plan-basic').click();
    await page.getByTestId('addon-watermark_removal').check();
    await saveScreenshot(page, 'checkout-step1-selected-phone-en');
    await page.getByTestId('checkout-continue').click();

    await expectStep(page, 2);
    expect(await page.getByTestId('checkout-email').inputValue()).toBe(email);
    await page.getByTestId('checkout-password').fill(PASSWORD);
    await saveScreenshot(page, 'checkout-step2-phone-en');
    await page.getByTestId('checkout-continue').click();
    await page.getByTestId('toast').filter({ hasText: /already exists/i }).waitFor();
    await expect.poll(() => page.getByTestId('auth-mode-login').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('checkout-continue').click();

    await expectStep(page, 3);
    expect(await page.getByTestId('checkout-total').textContent()).toBe('$6.98 USD');
    await saveScreenshot(page, 'checkout-step3-phone-en');
    await page.getByTestId('checkout-back').click();
    await expectStep(page, 2);
    await page.getByTestId('checkout-signed-in').waitFor();
    await page.getByTestId('checkout-continue').click();
    await expectStep(page, 3);
    await page.getByTestId('checkout-pay').click();

    const sessionId = await payOnSandbox(page, '4000 0000 0000 0002');
    await page.getByRole('alert').filter({ hasText: /declined/i }).waitFor();
    await page.goto(`${journey.server.url}/album/success?session_id=${encodeURIComponent(sessionId)}`);
    await page.locator('[data-testid="payment-result"][data-state="payment_failed"]').waitFor();
    await saveScreenshot(page, 'payment-failed-phone-en');
    await page.getByTestId('result-back-to-checkout').click();
    await expectStep(page, 1);
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await page.context().close();
  });

  it('shows the error state without a session id', async () => {
    const page = await newPage('desktop', 'es');
    await page.goto(`${journey.server.url}/album/success`);
    await page.locator('[data-testid="payment-result"][data-state="error"]').waitFor();
    await page.getByTestId('result-back-to-checkout').waitFor();
    await page.context().close();
  });
});
