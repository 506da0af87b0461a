import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
/** A phone as Chromium emulates it: touch, a mobile viewport and a retina screen. */
export const PHONE_OPTIONS = { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/**
 * Debian's Chromium, headless; the test fails with a clear message when it is not installed.
 * `extraArgs` adds switches, e.g. a fake microphone for a journey that records.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install chromium (never download a browser).`);
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', ...extraArgs],
  });
  // A journey's visitor browses in Mexican Spanish unless it says otherwise. A first visit without a
  // saved language follows the browser's language when the address has no country (always, on
  // loopback), and Playwright's own default is en-US.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ locale: 'es-MX', ...options });
  return browser;
}

export async function saveScreenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}

/** The page's uncaught errors, as they happen; a journey expects none. */
export function collectPageErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Collects a page's uncaught errors and console errors into `problems`, except those `ignore` matches. */
export function watchPageProblems(page: Page, problems: string[], ignore?: RegExp) {
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    const text = `${message.text()} ${message.location().url}`;
    if (message.type() === 'error' && !ignore?.test(text)) problems.push(text);
  });
}

/** Waits until a screenshot shows the page at rest: no focus ring or hover, fonts and images in. */
export async function settlePage(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(0, 0);
  await page.waitForTimeout(250);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
}
