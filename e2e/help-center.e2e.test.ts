import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirWithAgent } from './support/agent-account.js';
import { DESKTOP, launchBrowser, PHONE, saveScreenshot } from './support/browser.js';
import { startProductServer, type ProductServer } from './support/product-server.js';

const AGENT = { email: 'soporte@momentos.test', password: 'agente-seguro-1' };
const FIRST_MESSAGE = 'Hola, compré el plan premium y no encuentro dónde cambiar la portada de mi álbum de boda';
const SUBJECT = `${FIRST_MESSAGE.slice(0, 60)}...`;
const POLL_WAIT_MS = 15_000;
const REPLY = 'Hola, la portada se cambia en Modificar evento → Imagen de portada.';

let server: ProductServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = dataDirWithAgent(AGENT.email, AGENT.password);
  [server, browser] = await Promise.all([startProductServer({}, dataDir), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

describe('the help center', () => {
  it('a visitor writes, reloads, and sees the agent’s reply on the next polls', async () => {
    const visitorContext = await browser.newContext({ viewport: PHONE, locale: 'es-MX' });
    const visitor = await visitorContext.newPage();
    const visitorProblems = collectProblems(visitor);

    await visitor.goto(`${server.url}/help-center`);
    await visitor.getByTestId('chat-empty').waitFor();
    expect(await visitor.title()).toBe('Centro de ayuda · Momentos');
    await saveScreenshot(visitor, 'help-center-empty-phone-es');

    await visitor.getByTestId('chat-input').fill(FIRST_MESSAGE);
    await visitor.getByTestId('chat-input').press('Enter');
    await visitor.getByTestId('chat-message').filter({ hasText: FIRST_MESSAGE }).waitFor();
    expect(await visitor.getByTestId('chat-input').inputValue()).toBe('');

    // The conversation survives a reload (the ticket id and secret are in local storage).
    await visitor.reload();
    const mine = visitor.getByTestId('chat-message').filter({ hasText: FIRST_MESSAGE });
    await mine.waitFor();
    expect(await mine.getAttribute('data-side')).toBe('right');
    expect(await mine.getByTestId('chat-message-label').textContent()).toBe('Tú');

    // An agent, in a second browser, signs in and opens the console.
    const agentContext = await browser.newContext({ viewport: DESKTOP, locale: 'es-MX' });
    const agent = await agentContext.newPage();
    const agentProblems = collectProblems(agent);
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
    await agent.getByTestId('agent-ticket-view').getByTestId('chat-message').filter({ hasText: FIRST_MESSAGE }).waitFor();
    expect(await agent.getByTestId('context-page').textContent()).toContain('/help-center');
    await agent.getByTestId('chat-input').fill(REPLY);
    await agent.getByTestId('chat-send').click();
    await agent.getByTestId('chat-message').filter({ hasText: REPLY }).waitFor();
    await saveScreenshot(agent, 'help-center-agent-desktop-es');

    // The visitor's chat polls every 5 s: the reply shows up on the left, labelled agent, without
    // a reload. The wait allows three polls so a loaded CI machine does not fail the journey.
    const reply = visitor.getByTestId('chat-message').filter({ hasText: REPLY });
    await reply.waitFor({ timeout: POLL_WAIT_MS });
    expect(await reply.getAttribute('data-side')).toBe('left');
    expect(await reply.getByTestId('chat-message-label').textContent()).toBe('Agente');
    await saveScreenshot(visitor, 'help-center-conversation-phone-es');

    // The agent closes the ticket; the visitor's next message reopens it.
    await agent.getByTestId('agent-toggle-status').click();
    await agent.getByTestId('agent-ticket-view').getByTestId('ticket-status').filter({ hasText: 'Cerrado' }).waitFor();
    await visitor.getByTestId('chat-input').fill('¡Gracias, ya lo encontré!');
    await visitor.getByTestId('chat-send').click();
    await visitor.getByTestId('chat-message').filter({ hasText: '¡Gracias, ya lo encontré!' }).waitFor();
    await agent.getByTestId('agent-ticket-view').getByTestId('ticket-status').filter({ hasText: 'Abierto' }).waitFor({ timeout: POLL_WAIT_MS });

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
      async ([e, p]) => (await fetch('/api/auth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: e, password: p }) })).json(),
      [email, 'fiesta-2026'],
    );
    await page.evaluate((session) => localStorage.setItem('momentos.session', JSON.stringify(session)), register.data.session);
    await page.goto(`${server.url}/help-center/agent`);
    await page.getByTestId('agent-forbidden').waitFor();
    await context.close();
  });
});
