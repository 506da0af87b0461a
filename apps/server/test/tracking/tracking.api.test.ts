import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialForms, trackingEvents } from '../../src/db/schema/index.js';
import { startTestServer, type TestServer } from '../test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => server.close());

const event = (overrides: Record<string, unknown> = {}) => ({
  session_id: `s-${randomUUID()}`,
  event_type: 'page_view',
  event_data: { page: '/', referrer: '' },
  timestamp: new Date().toISOString(),
  ...overrides,
});

const storedFor = (sessionId: string) =>
  server.app.services.database.db.select().from(trackingEvents).where(eq(trackingEvents.sessionId, sessionId));

describe('POST /api/tracking/track', () => {
  it('stores the event with its data, client timestamp and received time', async () => {
    const sent = event({ event_type: 'checkout_started', event_data: { source: 'hero' } });
    const response = await server.request('POST', '/api/tracking/track', { body: sent });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ success: true, stored: 1 });
    const [row] = await storedFor(sent.session_id);
    expect(row).toMatchObject({ eventType: 'checkout_started', eventData: { source: 'hero' } });
    expect(row!.clientTimestamp.toISOString()).toBe(sent.timestamp);
    expect(row!.receivedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('stores an event sent twice with the same event_id once', async () => {
    const sent = event({ event_id: randomUUID() });
    await server.request('POST', '/api/tracking/track', { body: sent });
    const again = await server.request('POST', '/api/tracking/track', { body: sent });
    expect(again.body.stored).toBe(0);
    expect(await storedFor(sent.session_id)).toHaveLength(1);
  });

  it('refuses an unknown shape, an odd event type and oversized data', async () => {
    const noSession = await server.request('POST', '/api/tracking/track', {
      body: { event_type: 'page_view', timestamp: new Date().toISOString() },
    });
    expect(noSession.status).toBe(400);
    const oddType = await server.request('POST', '/api/tracking/track', { body: event({ event_type: 'DROP TABLE' }) });
    expect(oddType.status).toBe(400);
    const big = await server.request('POST', '/api/tracking/track', {
      body: event({ event_data: { blob: 'x'.repeat(5000) } }),
    });
    expect(big.status).toBe(400);
    expect(big.body.code).toBe('VALIDATION_ERROR');
    const huge = await server.request('POST', '/api/tracking/track', {
      body: event({ event_data: { blob: 'x'.repeat(20_000) } }),
    });
    expect(huge.status).toBe(413);
  });
});

describe('POST /api/tracking/batch', () => {
  it('stores every event of a flushed queue, skipping ones already stored', async () => {
    const sessionId = `s-${randomUUID()}`;
    const events = Array.from({ length: 5 }, (_, n) =>
      event({
        session_id: sessionId,
        event_id: randomUUID(),
        event_data: { n, queued_timestamp: new Date().toISOString() },
      }),
    );
    await server.request('POST', '/api/tracking/track', { body: events[0] });
    const response = await server.request('POST', '/api/tracking/batch', { body: { events } });
    expect(response.status).toBe(202);
    expect(response.body.stored).toBe(4);
    expect(await storedFor(sessionId)).toHaveLength(5);
  });

  it('refuses an empty batch and one over 50 events', async () => {
    expect((await server.request('POST', '/api/tracking/batch', { body: { events: [] } })).status).toBe(400);
    const tooMany = Array.from({ length: 51 }, () => event());
    expect((await server.request('POST', '/api/tracking/batch', { body: { events: tooMany } })).status).toBe(400);
  });
});

describe('POST /api/initial-form', () => {
  it('stores the visitor marker with the geolocation fields', async () => {
    const sessionId = `s-${randomUUID()}`;
    const response = await server.request('POST', '/api/initial-form', {
      body: {
        email: 'visitor@momentos.local',
        session_id: sessionId,
        ip: '189.203.0.1',
        country: 'Mexico',
        country_code: 'MX',
        city: null,
      },
    });
    expect(response.status).toBe(201);
    const [row] = await server.app.services.database.db
      .select()
      .from(initialForms)
      .where(eq(initialForms.sessionId, sessionId));
    expect(row).toMatchObject({
      email: 'visitor@momentos.local',
      country: 'Mexico',
      countryCode: 'MX',
      ip: '189.203.0.1',
    });
  });
});

describe('rate limiting of tracking', () => {
  it('answers 429 once a client address has sent too many requests', async () => {
    const limited = await startTestServer({ env: { TRACKING_RATE_LIMIT_PER_IP: '3' } });
    try {
      const statuses: number[] = [];
      for (let n = 0; n < 4; n++)
        statuses.push((await limited.request('POST', '/api/tracking/track', { body: event() })).status);
      expect(statuses).toEqual([202, 202, 202, 429]);
    } finally {
      await limited.close();
    }
  });

  it("limits one browser session below its address, so one chatty browser does not spend a venue's allowance", async () => {
    const limited = await startTestServer({
      env: { TRACKING_RATE_LIMIT_PER_SESSION: '3', TRACKING_RATE_LIMIT_PER_IP: '10' },
    });
    try {
      const chatty = `s-${randomUUID()}`;
      const statuses: number[] = [];
      for (let n = 0; n < 4; n++)
        statuses.push(
          (await limited.request('POST', '/api/tracking/track', { body: event({ session_id: chatty }) })).status,
        );
      expect(statuses).toEqual([202, 202, 202, 429]);
      // Other phones behind the same address still get through, up to the address's own limit.
      const others: number[] = [];
      for (let n = 0; n < 7; n++)
        others.push((await limited.request('POST', '/api/tracking/track', { body: event() })).status);
      expect(others).toEqual([202, 202, 202, 202, 202, 202, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/examples/album', () => {
  it('answers 404 until the seed creates an example album', async () => {
    const response = await server.request('GET', '/api/examples/album');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
