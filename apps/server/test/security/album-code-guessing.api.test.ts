import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpeg, uploadPhoto } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { ROUTE_ACCESS } from './route-access.js';
import { ownerFixture, pathFor, type OwnerFixture } from './security-fixtures.js';

/**
 * The 6-digit album code is the only secret between a stranger and an album's photos, so every
 * route that accepts it (found from the route table: the look-up by code and every route a code
 * holder may call) must count wrong codes against the caller's address and, where the route
 * names the album, against the album itself, whichever way the code is sent.
 */
const LOOKUP = 'GET /api/albums/code/:accessCode';
const PER_ADDRESS_PER_MINUTE = 30;
const PER_ALBUM = 100;
const ALBUM_WINDOW_SECONDS = 10;
/** What a route answers when it did not accept the code (a 404 past the check, e.g. a photo that is no video, is fine). */
const REFUSED_CODE = [401, 403, 429];

interface CodeRoute {
  route: string;
  method: string;
  url: string;
  /** Sends the code as the query parameter `code` instead of the X-Album-Code header. */
  inQuery: boolean;
}

function codeRoutes(server: TestServer): CodeRoute[] {
  const routes = server.app.routeTable
    .map((entry) => ({ ...entry, route: `${entry.method} ${entry.url}` }))
    .filter(({ route }) => ['album-code', 'album-reader', 'album-reader-or-link'].includes(ROUTE_ACCESS[route] ?? ''));
  // Routes that take `?code=` are tried both ways; the others through the header.
  return routes.flatMap(({ route, method, url, queryKeys }) => [
    { route, method, url, inQuery: false },
    ...(queryKeys.includes('code') ? [{ route, method, url, inQuery: true }] : []),
  ]);
}

let addressCount = 0;
/** A client address of its own (documentation range), honoured because the server trusts the proxy header. */
const newAddress = () => `198.51.${Math.floor(++addressCount / 250)}.${(addressCount % 250) + 1}`;

let wrongCodeCount = 0;
function wrongCode(owner: OwnerFixture): string {
  for (;;) {
    const code = String((Number(owner.accessCode) + 1 + wrongCodeCount++ * 7919) % 1_000_000).padStart(6, '0');
    if (code !== owner.accessCode) return code;
  }
}

async function tryCode(server: TestServer, owner: OwnerFixture, target: CodeRoute, code: string, address: string) {
  const isLookup = target.route === LOOKUP;
  const isJoin = target.route === 'POST /api/albums/:albumId/guests';
  let path = isLookup ? `/api/albums/code/${code}` : pathFor(owner, target.url);
  if (target.inQuery) path += `?code=${code}`;
  const response = await fetch(server.url + path, {
    method: target.method,
    headers: {
      'x-forwarded-for': address,
      ...(isJoin ? { 'content-type': 'application/json' } : {}),
      ...(isLookup || isJoin || target.inQuery ? {} : { 'x-album-code': code }),
    },
    body: isJoin ? JSON.stringify({ name: 'Adivina', accessCode: code }) : undefined,
  });
  // The live stream stays open on success: its status is all this test needs.
  await response.body?.cancel();
  return response;
}

/** Wrong codes from one address until the first 429 (at most 100), and whether a minute ended meanwhile. */
async function wrongCodesUntilRefused(server: TestServer, owner: OwnerFixture, target: CodeRoute, address: string) {
  const startMinute = Math.floor(Date.now() / 60_000);
  const statuses: number[] = [];
  while (statuses.length < 100 && statuses.at(-1) !== 429) {
    statuses.push((await tryCode(server, owner, target, wrongCode(owner), address)).status);
  }
  return Object.assign(statuses, { crossedMinute: Math.floor(Date.now() / 60_000) !== startMinute });
}

describe('wrong album codes from one address', () => {
  let server: TestServer;
  let owner: OwnerFixture;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'true', ALBUM_CODE_RATE_LIMIT_PER_ALBUM: '100000' } });
    owner = await ownerFixture(server);
  });
  afterAll(async () => server?.close());

  it('are refused with 429 after the per-address budget on every route that accepts a code', async () => {
    const routes = codeRoutes(server);
    expect(routes.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const target of routes) {
      // The per-minute budget is a fixed window: a run that crosses a minute's end would get a
      // second budget, so such a run is tried again from a fresh address within one minute.
      let address = newAddress();
      let statuses = await wrongCodesUntilRefused(server, owner, target, address);
      if (statuses.crossedMinute)
        statuses = await wrongCodesUntilRefused(server, owner, target, (address = newAddress()));
      const name = `${target.route}${target.inQuery ? ' (?code=)' : ''}`;
      if (statuses.length !== PER_ADDRESS_PER_MINUTE + 1)
        failures.push(`${name}: 429 after ${statuses.length - 1} wrong codes`);
      if (statuses.slice(0, -1).some((status) => ![403, 404].includes(status)))
        failures.push(`${name}: ${statuses.join(',')}`);
      // Once refused, the right code from that address is refused too, so a hit cannot be told apart.
      const right = await tryCode(server, owner, target, owner.accessCode, address);
      if (right.status !== 429) failures.push(`${name}: right code after the limit answered ${right.status}`);
      const elsewhere = await tryCode(server, owner, target, owner.accessCode, newAddress());
      if (REFUSED_CODE.includes(elsewhere.status))
        failures.push(`${name}: right code from another address answered ${elsewhere.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('cannot test more codes than the budget by sending them all at once', async () => {
    const address = newAddress();
    const target = codeRoutes(server).find(({ route }) => route === 'GET /api/albums/:albumId/photos')!;
    const statuses = await Promise.all(
      Array.from({ length: 80 }, async () => (await tryCode(server, owner, target, wrongCode(owner), address)).status),
    );
    expect(statuses.filter((status) => status === 403)).toHaveLength(PER_ADDRESS_PER_MINUTE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(80 - PER_ADDRESS_PER_MINUTE);
  });

  it('never counts the right code: a whole party behind one address opens and joins the album', async () => {
    const venue = newAddress();
    const routes = codeRoutes(server);
    for (let guest = 0; guest < 3; guest++) {
      for (const target of routes) {
        const response = await tryCode(server, owner, target, owner.accessCode, venue);
        expect(REFUSED_CODE, target.route).not.toContain(response.status);
      }
    }
  });
});

describe("an album's own budget", () => {
  let server: TestServer;
  let owner: OwnerFixture;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        TRUST_PROXY: 'true',
        ALBUM_CODE_RATE_LIMIT_PER_ALBUM: String(PER_ALBUM),
        ALBUM_CODE_RATE_LIMIT_ALBUM_WINDOW_SECONDS: String(ALBUM_WINDOW_SECONDS),
      },
    });
    owner = await ownerFixture(server);
  });
  afterAll(async () => server?.close());

  it(
    'stops 60 addresses from trying more than the budget together, while guests with a pass keep working',
    { timeout: 60_000 },
    async () => {
      const albumRoutes = codeRoutes(server).filter(({ route }) => route !== LOOKUP);
      // Start at the beginning of an album window, so the whole attack falls inside one.
      await new Promise((resolve) =>
        setTimeout(resolve, ALBUM_WINDOW_SECONDS * 1000 - (Date.now() % (ALBUM_WINDOW_SECONDS * 1000)) + 50),
      );
      const statuses = (
        await Promise.all(
          Array.from({ length: 60 }, async (_, index) => {
            const address = newAddress();
            const answers: number[] = [];
            for (let attempt = 0; attempt < 4; attempt++) {
              const target = albumRoutes[(index + attempt) % albumRoutes.length]!;
              answers.push((await tryCode(server, owner, target, wrongCode(owner), address)).status);
            }
            return answers;
          }),
        )
      ).flat();
      const tested = statuses.filter((status) => status !== 429);
      expect(tested.every((status) => status === 403 || status === 404)).toBe(true);
      expect(tested.length).toBe(PER_ALBUM);

      // Every route naming the album now refuses new code checks, the right code included, in the user's terms.
      for (const target of albumRoutes) {
        const response = await tryCode(server, owner, target, owner.accessCode, newAddress());
        expect(response.status, target.route).toBe(429);
      }
      const refused = await server.request('GET', `/api/albums/${owner.albumId}/photos`, {
        headers: { 'x-album-code': owner.accessCode, 'x-forwarded-for': newAddress() },
      });
      expect(refused.body.code).toBe('ALBUM_CODE_ATTEMPTS_EXCEEDED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

      // A guest who already holds a pass reads and uploads as before.
      const photos = await server.request('GET', `/api/albums/${owner.albumId}/photos`, {
        headers: { 'x-guest-token': owner.guestToken },
      });
      expect(photos.status).toBe(200);
      const upload = await uploadPhoto(server, owner.albumId, owner.guestToken, await jpeg(77));
      expect(upload.status).toBe(201);

      // The look-up by code names no album, so it can neither count against nor reveal this one.
      const lookup = await server.request('GET', `/api/albums/code/${owner.accessCode}`, {
        headers: { 'x-forwarded-for': newAddress() },
      });
      expect(lookup.status).toBe(200);
      expect(lookup.body.data.id).toBe(owner.albumId);

      // Once the album's window has passed, the right code works again from another address.
      await new Promise((resolve) =>
        setTimeout(resolve, ALBUM_WINDOW_SECONDS * 1000 - (Date.now() % (ALBUM_WINDOW_SECONDS * 1000)) + 50),
      );
      const join = await server.request('POST', `/api/albums/${owner.albumId}/guests`, {
        body: { name: 'Prima Lucía', accessCode: owner.accessCode },
        headers: { 'x-forwarded-for': newAddress() },
      });
      expect(join.status).toBe(201);
    },
  );
});
