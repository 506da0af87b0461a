import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/client.js';
import { trackingEvents } from '../apps/server/src/db/schema/index.js';
import { DESKTOP, launchBrowser } from './support/browser.js';
import { startOwnProductServer } from './support/journey.js';
import type { ProductServer } from './support/product-server.js';

let server: ProductServer;
let browser: Browser;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-tracking-e2e-'));
beforeAll(async () => {
  [server, browser] = await Promise.all([startOwnProductServer({}, dataDir), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('usage tracking without a connection', () => {
  it('queues events while offline and stores each exactly once when the connection returns', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const sentIds: string[] = [];
    const sentTypes: string[] = [];
    page.on('request', (request) => {
      if (!request.url().includes('/api/tracking/')) return;
      type Sent = { event_id: string; event_type: string };
      const body = request.postDataJSON() as Sent & { events?: Sent[] };
      for (const event of body.events ?? [body]) {
        sentIds.push(event.event_id);
        sentTypes.push(event.event_type);
      }
    });
    await page.goto(server.url);
    await page.getByTestId('plan-plus').waitFor();
    await page.locator('#pricing').scrollIntoViewIfNeeded();
    await expect.poll(() => sentTypes).toEqual(expect.arrayContaining(['page_view', 'pricing_viewed']));

    await context.setOffline(true);
    await page.getByTestId('billing-lifetime').click();
    await page.getByText('¿Qué es Momentos?').click();
    await page.getByText('¿Cuánto cuesta?').click();
    const queued = await page.evaluate(
      () =>
        JSON.parse(localStorage.getItem('momentos.trackingQueue') ?? '[]') as Array<{
          event_id: string;
          event_type: string;
          event_data: Record<string, unknown>;
        }>,
    );
    expect(queued.map((event) => event.event_type)).toEqual(['pricing_billing_toggled', 'faq_opened', 'faq_opened']);
    expect(queued.every((event) => typeof event.event_data.queued_timestamp === 'string')).toBe(true);

    await context.setOffline(false);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('momentos.trackingQueue'))).toBe('[]');
    const sessionId = await page.evaluate(() => localStorage.getItem('momentos.trackingSessionId'));
    await context.close();
    await server.stop();

    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      const rows = (await database.db.select().from(trackingEvents)).filter((row) => row.sessionId === sessionId);
      const storedIds = rows.map((row) => row.eventId);
      expect(new Set(storedIds).size).toBe(storedIds.length);
      expect(storedIds.sort()).toEqual([...new Set(sentIds)].sort());
      for (const event of queued) expect(storedIds).toContain(event.event_id);
    } finally {
      await database.close();
    }
  });
});
