import { afterEach, describe, expect, it } from 'vitest';
import { registerUser, uniqueEmail } from '../factories.js';
import { startTestServer, type TestServer, type TestResponse } from '../test-server.js';

// Small delays stand in for the production 1 s doubling up to 60 s: wrong passwords past the
// second wait 200, 400, then 800 ms (the cap). Each address may get three wrong per account.
const BASE_MS = 200;
const CAP_MS = 800;
// Timers may fire a little early, and the wait runs from the wrong answer, not from the request.
const MARGIN_MS = 30;
const signInLimits = {
  TRUST_PROXY: 'true',
  AUTH_WRONG_PASSWORDS_PER_ACCOUNT_AND_IP: '3',
  AUTH_WRONG_PASSWORDS_BEFORE_DELAY: '2',
  AUTH_SIGN_IN_DELAY_BASE_MS: String(BASE_MS),
  AUTH_SIGN_IN_DELAY_MAX_MS: String(CAP_MS),
};

// A fresh server (and database) per test, so each test's counters start from zero.
let server: TestServer | undefined;
const start = async (env: Record<string, string> = signInLimits) => (server = await startTestServer({ env }));
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const signIn = (email: string, password: string, address: string) =>
  server!.request('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': address } });
const wrong = (email: string, address: string) => signIn(email, 'wrong-password', address);
const register = (email: string) =>
  server!.request('POST', '/api/auth/register', { body: { email, password: 'long-enough-1' } });

function expectRefused(response: TestResponse, { atMostMs }: { atMostMs?: number } = {}) {
  expect(response.status).toBe(429);
  expect(response.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  expect(response.body.message).toMatch(/too many sign-in attempts/i);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  if (atMostMs !== undefined) expect(retryAfter).toBeLessThanOrEqual(Math.ceil(atMostMs / 1000));
}

describe('wrong passwords for one account', () => {
  it("refuses a stranger's address after its budget while the owner signs in from another address", async () => {
    await start();
    const owner = await registerUser(server!);
    const stranger = '203.0.113.7';
    expect((await wrong(owner.email, stranger)).status).toBe(401);
    expect((await wrong(owner.email, stranger)).status).toBe(401);
    await sleep(BASE_MS + MARGIN_MS);
    expect((await wrong(owner.email, stranger)).status).toBe(401);

    // The owner waits at most the current delay, never a lockout.
    expectRefused(await signIn(owner.email, owner.password, '198.51.100.20'), { atMostMs: CAP_MS });
    await sleep(2 * BASE_MS + MARGIN_MS);
    expect((await signIn(owner.email, owner.password, '198.51.100.20')).status).toBe(200);

    // The stranger's address stays refused for this account, even with the right password, and
    // only for this account.
    expectRefused(await signIn(owner.email, owner.password, stranger));
    const other = await registerUser(server!);
    expect((await wrong(other.email, stranger)).status).toBe(401);
  });

  it('makes each wrong password past the free ones wait longer, from any address, up to the cap', async () => {
    await start();
    const { email } = await registerUser(server!);
    expect((await wrong(email, '10.0.0.1')).status).toBe(401);
    expect((await wrong(email, '10.0.0.2')).status).toBe(401);
    expectRefused(await wrong(email, '10.0.0.3'), { atMostMs: BASE_MS });
    await sleep(BASE_MS + MARGIN_MS);
    expect((await wrong(email, '10.0.0.3')).status).toBe(401);
    // Now 400 ms: half of it is not enough.
    await sleep(BASE_MS + MARGIN_MS);
    expectRefused(await wrong(email, '10.0.0.4'));
    await sleep(BASE_MS);
    expect((await wrong(email, '10.0.0.4')).status).toBe(401);
    // Now 800 ms.
    await sleep(2 * BASE_MS + MARGIN_MS);
    expectRefused(await wrong(email, '10.0.0.5'));
    await sleep(2 * BASE_MS);
    expect((await wrong(email, '10.0.0.5')).status).toBe(401);
    // Doubling would ask for 1,600 ms; the cap keeps it at 800.
    await sleep(CAP_MS + MARGIN_MS);
    expect((await wrong(email, '10.0.0.6')).status).toBe(401);
  });

  it('lets the owner in after the capped delay however many addresses tried more wrong passwords', async () => {
    await start();
    const owner = await registerUser(server!);
    // More attempts than the old per-e-mail lockout allowed (10), from four addresses.
    const refused: TestResponse[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await wrong(owner.email, `192.0.2.${attempt % 4}`);
      expect([401, 429]).toContain(response.status);
      if (response.status === 429) refused.push(response);
    }
    await sleep(CAP_MS + MARGIN_MS);
    expect((await signIn(owner.email, owner.password, '198.51.100.30')).status).toBe(200);
    // The strangers were held back by the account's delay, which never asked for more than the cap.
    expect(refused.length).toBeGreaterThan(0);
    for (const response of refused) expectRefused(response, { atMostMs: CAP_MS });
  });

  it('refuses even a right password inside the delay, and a right one after it starts the counts again', async () => {
    await start();
    const owner = await registerUser(server!);
    const home = '198.51.100.40';
    expect((await wrong(owner.email, home)).status).toBe(401);
    expect((await wrong(owner.email, home)).status).toBe(401);
    expectRefused(await signIn(owner.email, owner.password, home), { atMostMs: BASE_MS });
    await sleep(BASE_MS + MARGIN_MS);
    expect((await signIn(owner.email, owner.password, home)).status).toBe(200);

    // Back to two free wrong passwords and the first, shortest delay, and a fresh budget for this address.
    expect((await wrong(owner.email, home)).status).toBe(401);
    expect((await wrong(owner.email, home)).status).toBe(401);
    expectRefused(await wrong(owner.email, home), { atMostMs: BASE_MS });
    await sleep(BASE_MS + MARGIN_MS);
    expect((await wrong(owner.email, home)).status).toBe(401);
  });
});

describe('rate limiting per client address', () => {
  it('limits sign-up attempts across different e-mail addresses', async () => {
    await start({ AUTH_RATE_LIMIT_PER_IP: '6' });
    const statuses = [];
    for (let attempt = 0; attempt < 7; attempt++) statuses.push((await register(uniqueEmail())).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
  });
});
