import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirWithAgent } from './support/agent-account.js';
import { collectPageErrors, DESKTOP, launchBrowser, PHONE, saveScreenshot } from './support/browser.js';
import { startOwnProductServer } from './support/journey.js';
import type { ProductServer } from './support/product-server.js';

const AGENT = { email: 'soporte@momentos.test', password: 'agente-seguro-1' };
const FIRST_MESSAGE = 'Hola, compré el plan premium y no encuentro dónde cambiar la portada de mi álbum de boda';
const SUBJECT = `${FIRST_MESSAGE.slice(0, 60)}...`;
// The chat's polling interval (TICKET_REFETCH_MS in apps/web/.../use-ticket.ts), which the issue
// promises: the visitor sees an agent's reply within 5 s.
const POLL_MS = 5_000;
// How long a wait may take before the journey gives up. Deliberately loose: a loaded 2-core CI
// machine once failed a tight wall-clock wait. The 5 s promise is checked from the requests'
// own timings instead (see `recordPolls`), which do not stretch with a slow render.
const WAIT_MS = 30_000;
const REPLY = 'Hola, la portada se cambia en Modificar evento → Imagen de portada.';

let server: ProductServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = dataDirWithAgent(AGENT.email, AGENT.password);
  [server, browser] = await Promise.all([startOwnProductServer({}, dataDir), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Poll {
  /** When the browser started the request, in ms since the epoch (same clock as Date.now()). */
  startedAt: number;
  carriesReply: boolean;
}

/** The visitor's GETs of its ticket: when each started, and whether its answer held `text`. */
function recordPolls(page: Page, text: string): Poll[] {
  const polls: Poll[] = [];
  page.on('requestfinished', (request) => {
    if (request.method() !== 'GET' || !/^\/api\/tickets\/[0-9a-f-]{36}$/.test(new URL(request.url()).pathname)) return;
    const startedAt = request.timing().startTime;
    // A 304 (the ETag still current) has no body to read, and cannot carry anything new.
    void request
      .response()
      .then(async (response) => response?.status() === 200 && (await response.text()).includes(text))
      .catch(() => false)
      .then((carriesReply) => polls.push({ startedAt, carriesReply }));
  });
  return polls;
}

/** A message the server has confirmed: the sender's own pending bubble can hold the same text for a moment. */
function confirmed(page: Page, text: string) {
  return page.locator('[data-testid="chat-message"]:not([data-pending])').filter({ hasText: text });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

describe('the help center', () => {
  it('a visitor writes, reloads, and sees the agent’s reply on the next polls', async () => {
    const visitorContext = await browser.newContext({ viewport: PHONE, locale: 'es-MX' });
    const visitor = await visitorContext.newPage();
    const visitorProblems = collectPageErrors(visitor);

    await visitor.goto(`${server.url}/help-center`);
    await visitor.getByTestId('chat-empty').waitFor();
    expect(await visitor.title()).toBe('Centro de ayuda · Momentos');
    await saveScreenshot(visitor, 'help-center-empty-phone-es');
    await visitor.setViewportSize(DESKTOP);
    await saveScreenshot(visitor, 'help-center-empty-desktop-es');
    await visitor.setViewportSize(PHONE);

    await visitor.getByTestId('chat-input').fill(FIRST_MESSAGE);
    await visitor.getByTestId('chat-input').press('Enter');
    await confirmed(visitor, FIRST_MESSAGE).waitFor();
    expect(await visitor.getByTestId('chat-input').inputValue()).toBe('');

    // The conversation survives a reload (the ticket id and secret are in local storage).
    const polls = recordPolls(visitor, REPLY);
    const reloadedAt = Date.now();
    await visitor.reload();
    const mine = visitor.getByTestId('chat-message').filter({ hasText: FIRST_MESSAGE });
    await mine.waitFor();
    expect(await mine.getAttribute('data-side')).toBe('right');
    expect(await mine.getByTestId('chat-message-label').textContent()).toBe('Tú');

    // An agent, in a second browser, signs in and opens the console.
    const agentContext = await browser.newContext({ viewport: DESKTOP, locale: 'es-MX' });
    const agent = await agentContext.newPage();
    const agentProblems = collectPageErrors(agent);
    await agent.goto(`${server.url}/help-center/agent`);
    await agent.getByTestId('agent-sign-in').waitFor();
    await agent.getByTestId('agent-sign-in-button').click();
    await agent.locator('#login-email').fill(AGENT.email);
    await agent.locator('#login-password').fill(AGENT.password);
    await agent.getByTestId('login-submit').click();
    // Signing in from the console comes back to the console.
    await agent.waitForURL(/\/help-center\/agent$/);

    const row = agent.getByTestId('agent-ticket').filter({ hasText: SUBJECT });
    await row.waitFor();
    expect(await row.getByTestId('agent-ticket-subject').textContent()).toBe(SUBJECT);
    await row.click();
    await agent
      .getByTestId('agent-ticket-view')
      .getByTestId('chat-message')
      .filter({ hasText: FIRST_MESSAGE })
      .waitFor();
    expect(await agent.getByTestId('context-page').textContent()).toContain('/help-center');
    await agent.getByTestId('chat-input').fill(REPLY);
    const replyPosted = agent.waitForResponse(
      (res) => res.request().method() === 'POST' && res.url().endsWith('/conversations'),
    );
    await agent.getByTestId('chat-send').click();
    expect((await replyPosted).status()).toBe(201);
    // Any poll that starts after this moment reaches the server after the reply was saved.
    const sentAt = Date.now();
    await confirmed(agent, REPLY).waitFor();
    // Typing scrolled the window to the composer; the shot shows the console from its top.
    await agent.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(agent, 'help-center-agent-desktop-es');

    // The visitor's chat shows the reply on the left, labelled agent, without a reload.
    const reply = visitor.getByTestId('chat-message').filter({ hasText: REPLY });
    await reply.waitFor({ timeout: WAIT_MS });
    expect(await reply.getAttribute('data-side')).toBe('left');
    expect(await reply.getByTestId('chat-message-label').textContent()).toBe('Agente');
    await saveScreenshot(visitor, 'help-center-conversation-phone-es');
    await visitor.setViewportSize(DESKTOP);
    await saveScreenshot(visitor, 'help-center-conversation-desktop-es');
    await visitor.setViewportSize(PHONE);

    // The console on a 390 px phone: the open ticket, then the list behind its back button.
    // Reloaded at phone size, as an agent on a phone opens it: the desktop page's scroll (the
    // composer's focus scrolled the window) would otherwise carry over into the shot.
    await agent.setViewportSize(PHONE);
    await agent.reload();
    await confirmed(agent, REPLY).waitFor();
    expect(await agent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(agent, 'help-center-agent-ticket-phone-es');
    await agent.getByRole('button', { name: 'Conversaciones' }).click();
    await agent.getByTestId('agent-ticket-list').waitFor();
    expect(await agent.getByTestId('agent-ticket-view').count()).toBe(0);
    expect(await agent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(agent, 'help-center-agent-list-phone-es');
    await row.click();
    await agent.getByTestId('agent-ticket-view').waitFor();

    // Within 5 s: the chat polls every 5 s, and the reply came with the first poll that started
    // after it was sent (or an earlier one still on its way when it was saved). Both are read
    // from the requests' start times, so a slow machine's rendering does not blur them.
    await expect
      .poll(() => polls.filter((poll) => poll.startedAt >= reloadedAt).length, { timeout: WAIT_MS })
      .toBeGreaterThanOrEqual(4);
    await expect.poll(() => polls.some((poll) => poll.carriesReply)).toBe(true);
    const ordered = polls.filter((poll) => poll.startedAt >= reloadedAt).sort((a, b) => a.startedAt - b.startedAt);
    const gaps = ordered.slice(1).map((poll, index) => poll.startedAt - ordered[index]!.startedAt);
    expect(median(gaps), `gaps between polls: ${gaps.join(', ')} ms`).toBeGreaterThanOrEqual(POLL_MS - 500);
    expect(median(gaps), `gaps between polls: ${gaps.join(', ')} ms`).toBeLessThanOrEqual(POLL_MS + 1_000);
    const carrier = ordered.find((poll) => poll.carriesReply)!;
    const nextAfterSend = ordered.find((poll) => poll.startedAt >= sentAt);
    if (nextAfterSend) expect(carrier.startedAt).toBeLessThanOrEqual(nextAfterSend.startedAt);
    // One interval, plus timer slack on a busy machine, from the send to the poll that brought it.
    expect(carrier.startedAt - sentAt).toBeLessThanOrEqual(POLL_MS + 2_000);

    // The agent closes the ticket; the visitor's next message reopens it.
    await agent.getByTestId('agent-toggle-status').click();
    await agent.getByTestId('agent-ticket-view').getByTestId('ticket-status').filter({ hasText: 'Cerrado' }).waitFor();
    await visitor.getByTestId('chat-input').fill('¡Gracias, ya lo encontré!');
    await visitor.getByTestId('chat-send').click();
    await confirmed(visitor, '¡Gracias, ya lo encontré!').waitFor();
    await agent
      .getByTestId('agent-ticket-view')
      .getByTestId('ticket-status')
      .filter({ hasText: 'Abierto' })
      .waitFor({ timeout: WAIT_MS });

    expect(visitorProblems).toEqual([]);
    expect(agentProblems).toEqual([]);
    await agentContext.close();
    await visitorContext.close();
  });

  it('tells a signed-in host that the agents’ console is not for them', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    const email = `host-${Date.now()}@example.com`;
    await page.goto(`${server.url}/`);
    const register = await page.evaluate(
      async ([e, p]) =>
        (
          await fetch('/api/auth/register', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: e, password: p }),
          })
        ).json(),
      [email, 'fiesta-2026'],
    );
    await page.evaluate(
      (session) => localStorage.setItem('momentos.session', JSON.stringify(session)),
      register.data.session,
    );
    await page.goto(`${server.url}/help-center/agent`);
    await page.getByTestId('agent-forbidden').waitFor();
    await context.close();
  });
});
