import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-server.js';
import { ownerFixture, pathFor, type OwnerFixture } from './security-fixtures.js';

/**
 * Every route that reads a body is sent bodies no client should send, by a caller who holds every
 * right to it (so the input reaches past the access checks). None may answer 5xx; bodies that are
 * not a JSON object at all must be refused with a 4xx, so nothing is stored from them.
 */
let server: TestServer;
let owner: OwnerFixture;

// Ending the session would only make later calls 401; it takes no body worth fuzzing.
const LEFT_OUT = new Set(['POST /api/auth/logout']);
const NOT_AN_OBJECT = ['{"unterminated', '[]', '"text"', '12345', 'null', 'true', `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`];
const WRONG_TYPES = JSON.stringify({
  email: 12, password: [], name: { $ne: 1 }, text: 5, message: false, accessCode: 123456, orderId: 'not-a-uuid', ids: 'x',
  event_name: ['x'], event_date: 'yesterday', font_height: 'tall', enable_notices: 'maybe', priceId: 7, status: 'weird',
  icono: '<script>', hora: '25:99', titulo: null, events: {}, subject: Number.MAX_VALUE, refresh_token: { toString: 1 },
});

beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMIT_PER_IP: '100000', HELP_RATE_LIMIT_PER_WINDOW: '100000', TRACKING_RATE_LIMIT_PER_IP: '100000' } });
  owner = await ownerFixture(server);
});
afterAll(async () => server?.close());

describe('input fuzzing', () => {
  it('answers every bad body with a 4xx and never a 5xx', async () => {
    const routes = server.app.routeTable.filter((route) => route.takesBody && !LEFT_OUT.has(`${route.method} ${route.url}`));
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const route of routes) {
      const send = (body: string) =>
        fetch(server.url + pathFor(owner, route.url), {
          method: route.method,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.host.token}`, 'x-guest-token': owner.guestToken, 'x-album-code': owner.accessCode },
          body,
        });
      for (const body of NOT_AN_OBJECT) {
        const response = await send(body);
        await response.arrayBuffer();
        if (response.status < 400 || response.status >= 500) failures.push(`${route.method} ${route.url} ← ${body.slice(0, 20)}: ${response.status}`);
      }
      const wrong = await send(WRONG_TYPES);
      await wrong.arrayBuffer();
      if (wrong.status >= 500) failures.push(`${route.method} ${route.url} ← wrong types: ${wrong.status}`);
    }
    expect(failures).toEqual([]);
  });
});
