import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { DESKTOP, PHONE } from './support/browser.js';
import { useProductAndBrowser } from './support/journey.js';

const journey = useProductAndBrowser();

/** A signed-in browser: registers through the API and stores the session the way the web app does. */
async function signedInContext(): Promise<BrowserContext> {
  const response = await fetch(`${journey.server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `axe-${Date.now()}@example.com`, password: 'fiesta-2026' }),
  });
  const { data } = (await response.json()) as { data: { session: object; user: object } };
  const context = await journey.browser.newContext({ viewport: DESKTOP });
  await context.addInitScript(
    (session) => localStorage.setItem('momentos.session', session),
    JSON.stringify({ ...data.session, user: data.user }),
  );
  return context;
}

const SCREENS = [
  { path: '/', ready: 'plan-plus' },
  { path: '/checkout', ready: 'checkout-page' },
  { path: '/no-such-page', ready: 'not-found' },
  // A guest's code box, and the page a wrong code opens (with the box again).
  { path: '/guest', ready: 'guest-code-entry' },
  { path: '/guest/000000', ready: 'guest-not-found' },
] as const;

describe('accessibility (axe-core): no serious or critical violation', () => {
  for (const language of ['es', 'en'] as const) {
    for (const [viewportName, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      it(`on the public screens in ${language}, ${viewportName}`, async () => {
        const context = await journey.browser.newContext({ viewport });
        await context.addInitScript((lng) => localStorage.setItem('momentos.language', lng), language);
        const page = await context.newPage();
        for (const screen of SCREENS) {
          await page.goto(journey.server.url + screen.path);
          await page.getByTestId(screen.ready).waitFor();
          expect({ path: screen.path, violations: await seriousViolations(page) }).toEqual({
            path: screen.path,
            violations: [],
          });
        }
        await context.close();
      });
    }
  }

  it('on the account page', async () => {
    const context = await signedInContext();
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/auth`);
    await page.getByTestId('account-page').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
