import { SINGLE_LINE_TEXT_RULE } from '@momentos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpeg } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';
import * as fuzz from './fuzz-inputs.js';
import { ownerFixture, pathFor, type OwnerFixture } from './security-fixtures.js';

/**
 * Every route that reads a body, a query string or a multipart form is sent input no client
 * should send, by a caller who holds every right to it (so the input reaches past the access
 * checks). None may answer 5xx. Bodies that are not a JSON object, and control characters in any
 * text, are refused with a 4xx, so nothing is stored from them.
 */
let server: TestServer;
let owner: OwnerFixture;
let send: fuzz.Send;

// Ending the session would only make later calls 401; it takes no body worth fuzzing.
const LEFT_OUT = new Set(['POST /api/auth/logout']);
const NOT_AN_OBJECT = [
  '{"unterminated',
  '[]',
  '"text"',
  '12345',
  'null',
  'true',
  `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`,
];
const WRONG_TYPES = JSON.stringify({
  email: 12,
  password: [],
  name: { $ne: 1 },
  text: 5,
  message: false,
  accessCode: 123456,
  orderId: 'not-a-uuid',
  ids: 'x',
  event_name: ['x'],
  event_date: 'yesterday',
  font_height: 'tall',
  enable_notices: 'maybe',
  priceId: 7,
  status: 'weird',
  icono: '<script>',
  hora: '25:99',
  titulo: null,
  events: {},
  subject: Number.MAX_VALUE,
  refresh_token: { toString: 1 },
});
// NUL, which PostgreSQL refuses in text; ESC, a C0 control that is not a line break; CSI, a C1 control.
const CONTROL_CHARACTERS = ['\u0000', '\u001b', '\u009b'];
const POLLUTING = [
  '"__proto__":{"polluted":1}',
  '"constructor":{"prototype":{"polluted":1}}',
  '"prototype":{"polluted":1}',
];
// Hundreds of calls from one address, as one user: no rate limit may answer for the input.
const LIMITS = [
  'AUTH_RATE_LIMIT_PER_IP',
  'AUTH_WRONG_PASSWORDS_PER_ACCOUNT_AND_IP',
  'HELP_RATE_LIMIT_PER_WINDOW',
  'CHECKOUT_RATE_LIMIT_PER_HOUR',
];
const NO_LIMITS = Object.fromEntries(
  [...LIMITS, 'TRACKING_RATE_LIMIT_PER_IP', 'TRACKING_RATE_LIMIT_PER_SESSION'].map((name) => [name, '100000']),
);

beforeAll(async () => {
  server = await startTestServer({ env: NO_LIMITS });
  owner = await ownerFixture(server);
  send = fuzz.sendAsOwner(server, owner);
});
afterAll(async () => server?.close());

const fuzzed = (route: { method: string; url: string }) => !LEFT_OUT.has(`${route.method} ${route.url}`);
const bodyRoutes = () => server.app.routeTable.filter((route) => route.takesBody && fuzzed(route));
const isServerError = (status: number) => status >= 500;

describe('input fuzzing', () => {
  it('answers every bad body with a 4xx and never a 5xx', async () => {
    const routes = bodyRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const route of routes) {
      for (const body of [...NOT_AN_OBJECT, fuzz.DEEP_ARRAY]) {
        const { status } = await send(route.method, pathFor(owner, route.url), body);
        if (status < 400 || status >= 500)
          failures.push(`${route.method} ${route.url} ← ${body.slice(0, 20)}: ${status}`);
      }
      const wrong = await send(route.method, pathFor(owner, route.url), WRONG_TYPES);
      if (isServerError(wrong.status)) failures.push(`${route.method} ${route.url} ← wrong types: ${wrong.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a control character in any text of a valid body with a 400 that names the field', async () => {
    const bodies = fuzz.validBodies(owner);
    const routes = bodyRoutes().map((route) => `${route.method} ${route.url}`);
    expect(routes.filter((route) => !bodies[route])).toEqual([]);
    const failures: string[] = [];
    for (const route of routes) {
      const [method, url] = route.split(' ') as [string, string];
      for (const path of fuzz.stringPaths(bodies[route])) {
        for (const character of CONTROL_CHARACTERS) {
          const body = fuzz.withValueAt(bodies[route], path, (value) => `${String(value)}${character}x`);
          const { status, code, message } = await send(method, pathFor(owner, url), JSON.stringify(body));
          if (status !== 400 || code !== 'VALIDATION_ERROR' || !message.includes(String(path[0]))) {
            failures.push(
              `${route} ${path.join('.')} ← U+${character.charCodeAt(0).toString(16)}: ${status} ${code} ${message}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses huge texts and deeply nested values with a 4xx, and prototype keys pollute nothing', async () => {
    const bodies = fuzz.validBodies(owner);
    const failures: string[] = [];
    for (const route of bodyRoutes()) {
      const key = `${route.method} ${route.url}`;
      const path = pathFor(owner, route.url);
      for (const field of fuzz.stringPaths(bodies[key])) {
        const huge = JSON.stringify(fuzz.withValueAt(bodies[key], field, () => 'x'.repeat(200_000)));
        const { status } = await send(route.method, path, huge);
        if (status < 400 || status >= 500) failures.push(`${key} ${field.join('.')} ← 200,000 characters: ${status}`);
      }
      for (const field of Object.keys(bodies[key] ?? {})) {
        for (const deep of [fuzz.DEEP_ARRAY, fuzz.DEEP_OBJECT]) {
          const nested = await send(route.method, path, `{"${field}":${deep}}`);
          if (nested.status < 400 || nested.status >= 500)
            failures.push(`${key} ${field} ← depth 10,000: ${nested.status}`);
        }
      }
      for (const members of POLLUTING) {
        const polluting = await send(route.method, path, fuzz.withMembers(bodies[key] ?? {}, members));
        if (isServerError(polluting.status)) failures.push(`${key} ← ${members}: ${polluting.status}`);
      }
    }
    expect(failures).toEqual([]);
    // The server runs in this process: a polluted prototype would show here.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers absurd query values and path parameters with a 4xx, never a 5xx, and NUL names the parameter', async () => {
    const failures: string[] = [];
    for (const route of server.app.routeTable.filter((entry) => entry.queryKeys.length > 0)) {
      const path = pathFor(owner, route.url);
      for (const key of route.queryKeys) {
        for (const value of fuzz.ABSURD_QUERY_VALUES) {
          const { status } = await send(route.method, `${path}?${key}=${value}`);
          if (isServerError(status))
            failures.push(`${route.method} ${route.url}?${key}=${value.slice(0, 20)}: ${status}`);
        }
        const nul = await send(route.method, `${path}?${key}=a%00b`);
        if (nul.status !== 400 || nul.code !== 'VALIDATION_ERROR' || !nul.message.includes(key)) {
          failures.push(`${route.url}?${key}=NUL: ${nul.status} ${nul.message}`);
        }
        const twice = await send(route.method, `${path}?${key}=1&${key}=2`);
        if (isServerError(twice.status)) failures.push(`${route.method} ${route.url}?${key} twice: ${twice.status}`);
      }
      const polluting = await send(
        route.method,
        `${path}?__proto__[polluted]=1&constructor[prototype][polluted]=1&prototype=1`,
      );
      if (isServerError(polluting.status))
        failures.push(`${route.method} ${route.url} ← prototype keys: ${polluting.status}`);
    }
    for (const route of server.app.routeTable.filter((entry) => entry.url.includes(':') && fuzzed(entry))) {
      for (const name of route.url.match(/:\w+/g) ?? []) {
        const { status } = await send(route.method, pathFor(owner, route.url.replace(name, 'a%00b')));
        if (status < 400 || status >= 500) failures.push(`${route.method} ${route.url} with NUL in ${name}: ${status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses malformed multipart bodies and control characters in file names with a 400', async () => {
    const multipart = server.app.routeTable.filter((entry) => entry.takesMultipart);
    const multipartRoutes = multipart.map((entry) => `${entry.method} ${entry.url}`);
    const FILE_FIELD: Record<string, string> = {
      'POST /api/albums/:albumId/photos': 'photo',
      'POST /api/upload/image': 'image',
      'POST /api/albums/:albumId/messages': 'voice',
      'POST /api/albums/:albumId/faces/search': 'selfie',
    };
    expect(multipartRoutes.sort()).toEqual(Object.keys(FILE_FIELD).sort());
    const failures: string[] = [];
    for (const route of multipartRoutes) {
      const [method, url] = route.split(' ') as [string, string];
      for (const [name, { contentType, body }] of Object.entries(fuzz.malformedMultipart(FILE_FIELD[route]!))) {
        const { status, message } = await send(method, pathFor(owner, url), body, contentType);
        if (status !== 400) failures.push(`${route} ← ${name}: ${status} ${message}`);
      }
      for (const name of [
        'foto\n.jpg',
        'foto\r.jpg',
        'foto\r\nX: y.jpg',
        'foto\u0000.jpg',
        'foto\u001b.jpg',
        'foto\u0085.jpg',
      ]) {
        const { contentType, body } = fuzz.multipartWithFileName(
          FILE_FIELD[route]!,
          name,
          await jpeg(name.length * 17),
        );
        const answer = await send(method, pathFor(owner, url), body, contentType);
        if (answer.status !== 400 || !answer.message.includes(`filename: ${SINGLE_LINE_TEXT_RULE}`)) {
          failures.push(`${route} ← file name ${JSON.stringify(name)}: ${answer.status} ${answer.message}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
