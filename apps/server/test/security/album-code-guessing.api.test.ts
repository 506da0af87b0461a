import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patchSnapshot } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { ROUTE_ACCESS } from './route-access.js';
import { ownerFixture, pathFor, type OwnerFixture } from './security-fixtures.js';

/**
 * The 6-digit album code is the only secret between a stranger and an album's photos, so every
 * route that accepts it (found from the route table: the look-up by code and every route a code
 * holder may call) must count wrong codes against the caller's address and its network block,
 * whichever way the code is sent, and never turn away a guest who brings the right one.
 */
const LOOKUP = 'GET /api/albums/code/:accessCode';
const JOIN = 'POST /api/albums/:albumId/guests';
const PER_ADDRESS_PER_MINUTE = 10;
/** What a route answers when it did not accept the code (a 404 past the check, e.g. a photo that is no video, is fine). */
const REFUSED_CODE = [401, 403, 429];
/** The tests that count one address's budget keep the installation's attack watch out of the way. */
const NO_ATTACK_WATCH = { ALBUM_CODE_ATTACK_WRONG_PER_MINUTE: '100000', ALBUM_CODE_ATTACK_WRONG_PER_DAY: '100000' };
/** The test client is the proxy: the one address the server believes X-Forwarded-For from. */
const BEHIND_PROXY = { TRUST_PROXY: '127.0.0.1,::1' };

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
/** A client address in a network block of its own, honoured because the server trusts the proxy in front. */
const newAddress = () => `203.${Math.floor(++addressCount / 250) % 250}.${addressCount % 250}.7`;
/** The next address inside one /24, for attackers that share a network block. */
const inBlock = (block: string, host: number) => `${block}.${host}`;

let wrongCodeCount = 0;
function wrongCode(owner: OwnerFixture): string {
  for (;;) {
    const code = String((Number(owner.accessCode) + 1 + wrongCodeCount++ * 7919) % 1_000_000).padStart(6, '0');
    if (code !== owner.accessCode) return code;
  }
}

async function tryCode(server: TestServer, owner: OwnerFixture, target: CodeRoute, code: string, address: string) {
  const isLookup = target.route === LOOKUP;
  const isJoin = target.route === JOIN;
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
    server = await startTestServer({ env: { ...BEHIND_PROXY, ...NO_ATTACK_WATCH } });
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

  it('counts a typo once however often the guest reloads its page, and every other code after it', async () => {
    const guest = newAddress();
    const lookup = codeRoutes(server).find(({ route }) => route === LOOKUP)!;
    const typo = wrongCode(owner);
    const reloads: number[] = [];
    for (let reload = 0; reload < PER_ADDRESS_PER_MINUTE + 5; reload++)
      reloads.push((await tryCode(server, owner, lookup, typo, guest)).status);
    expect(reloads.every((status) => status === 404)).toBe(true);
    const others: number[] = [];
    for (let attempt = 0; attempt < PER_ADDRESS_PER_MINUTE; attempt++)
      others.push((await tryCode(server, owner, lookup, wrongCode(owner), guest)).status);
    expect(others).toEqual([...Array<number>(PER_ADDRESS_PER_MINUTE - 1).fill(404), 429]);
  });

  it('lets a whole party join at once from one venue address that has seen a few typos', async () => {
    const venue = newAddress();
    const join = codeRoutes(server).find(({ route }) => route === JOIN)!;
    for (let typo = 0; typo < PER_ADDRESS_PER_MINUTE - 2; typo++)
      expect((await tryCode(server, owner, join, wrongCode(owner), venue)).status).toBe(403);
    await patchSnapshot(server, owner.albumId, { guestLimit: 500 });
    const statuses = await Promise.all(
      Array.from({ length: 80 }, async () => (await tryCode(server, owner, join, owner.accessCode, venue)).status),
    );
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
  });
});

describe('wrong codes through a proxy that appends the real address', () => {
  let server: TestServer;
  let owner: OwnerFixture;
  beforeAll(async () => {
    // One proxy in front (nginx with $proxy_add_x_forwarded_for): trust one hop, the proxy's own.
    server = await startTestServer({ env: { TRUST_PROXY: '1', ...NO_ATTACK_WATCH } });
    owner = await ownerFixture(server);
  });
  afterAll(async () => server?.close());

  it('counts the address the proxy saw, whatever the client wrote before it', async () => {
    const realAddress = newAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < PER_ADDRESS_PER_MINUTE + 5; attempt++) {
      const forged = `${attempt % 250}.${(attempt * 7) % 250}.1.1`;
      const response = await server.request('GET', `/api/albums/code/${wrongCode(owner)}`, {
        headers: { 'x-forwarded-for': `${forged}, ${realAddress}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, PER_ADDRESS_PER_MINUTE).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(PER_ADDRESS_PER_MINUTE).every((status) => status === 429)).toBe(true);
  });
});

describe('strangers guessing many codes', () => {
  let server: TestServer;
  let owner: OwnerFixture;
  beforeAll(async () => {
    server = await startTestServer({ env: BEHIND_PROXY });
    owner = await ownerFixture(server);
  });
  afterAll(async () => server?.close());

  it(
    'never close an album to its own guests, each stranger from an address of its own',
    { timeout: 60_000 },
    async () => {
      const join = codeRoutes(server).find(({ route }) => route === JOIN)!;
      const photos = codeRoutes(server).find(({ route }) => route === 'GET /api/albums/:albumId/photos')!;
      const statuses = await Promise.all(
        Array.from(
          { length: 100 },
          async () => (await tryCode(server, owner, join, wrongCode(owner), newAddress())).status,
        ),
      );
      expect(statuses.every((status) => status === 403 || status === 429)).toBe(true);
      for (let guest = 0; guest < 3; guest++) {
        const joined = await tryCode(server, owner, join, owner.accessCode, newAddress());
        expect(joined.status).toBe(201);
        const read = await tryCode(server, owner, photos, owner.accessCode, newAddress());
        expect(read.status).toBe(200);
      }
    },
  );

  it("spend a network block's budget without refusing a guest in that block who types the right code", async () => {
    const block = `198.18.${addressCount % 250}`;
    const lookup = codeRoutes(server).find(({ route }) => route === LOOKUP)!;
    const statuses: number[] = [];
    // 30 addresses of one /24, 3 wrong codes each: more than the block's 60 a day.
    for (let host = 1; host <= 30; host++)
      for (let attempt = 0; attempt < 3; attempt++)
        statuses.push((await tryCode(server, owner, lookup, wrongCode(owner), inBlock(block, host))).status);
    expect(statuses.filter((status) => status === 404).length).toBeLessThanOrEqual(60 + 30);
    expect(statuses.at(-1)).toBe(429);
    const guest = await tryCode(server, owner, lookup, owner.accessCode, inBlock(block, 200));
    expect(guest.status).toBe(200);
  });

  it('under attack, give an address with no history a small day budget and keep it for one that opened an album', async () => {
    // The 100 strangers above put the installation over its 60 wrong codes a minute.
    const lookup = codeRoutes(server).find(({ route }) => route === LOOKUP)!;
    const stranger = newAddress();
    const strangerStatuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++)
      strangerStatuses.push((await tryCode(server, owner, lookup, wrongCode(owner), stranger)).status);
    expect(strangerStatuses).toEqual([404, 404, 404, 429, 429]);
    const guest = newAddress();
    expect((await tryCode(server, owner, lookup, owner.accessCode, guest)).status).toBe(200);
    const guestStatuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++)
      guestStatuses.push((await tryCode(server, owner, lookup, wrongCode(owner), guest)).status);
    expect(guestStatuses).toEqual([404, 404, 404, 404, 404]);
  });
});
