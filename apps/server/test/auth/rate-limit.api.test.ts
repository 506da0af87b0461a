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
  TRUST_PROXY: '127.0.0.1,::1',
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
const signIn = (email: string, password: string, address: string, cookie?: string) =>
  server!.request('POST', '/api/auth/login', {
    body: { email, password },
    headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
  });
/** The device cookie a successful sign-in handed the browser, as the browser sends it back. */
const deviceCookieOf = (response: TestResponse) => (response.headers.get('set-cookie') ?? '').split(';')[0]!;
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

    // The owner, from another address, does not wait for the stranger's delay.
    expect((await signIn(owner.email, owner.password, '198.51.100.20')).status).toBe(200);

    // The stranger's address stays refused for this account, even with the right password, and
    // only for this account.
    expectRefused(await signIn(owner.email, owner.password, stranger));
    const other = await registerUser(server!);
    expect((await wrong(other.email, stranger)).status).toBe(401);
  });

  it('makes each wrong password past the free ones wait longer, from one address, up to the cap', async () => {
    await start({ ...signInLimits, AUTH_WRONG_PASSWORDS_PER_ACCOUNT_AND_IP: '10' });
    const { email } = await registerUser(server!);
    const stranger = '10.0.0.1';
    expect((await wrong(email, stranger)).status).toBe(401);
    expect((await wrong(email, stranger)).status).toBe(401);
    expectRefused(await wrong(email, stranger), { atMostMs: BASE_MS });
    await sleep(BASE_MS + MARGIN_MS);
    expect((await wrong(email, stranger)).status).toBe(401);
    // Now 400 ms: half of it is not enough.
    await sleep(BASE_MS + MARGIN_MS);
    expectRefused(await wrong(email, stranger));
    await sleep(BASE_MS);
    expect((await wrong(email, stranger)).status).toBe(401);
    // Now 800 ms.
    await sleep(2 * BASE_MS + MARGIN_MS);
    expectRefused(await wrong(email, stranger));
    await sleep(2 * BASE_MS);
    expect((await wrong(email, stranger)).status).toBe(401);
    // Doubling would ask for 1,600 ms; the cap keeps it at 800.
    await sleep(CAP_MS + MARGIN_MS);
    expect((await wrong(email, stranger)).status).toBe(401);
  });

  it('never keeps the owner out while strangers at two addresses wait out each delay and try again', async () => {
    await start({
      ...signInLimits,
      AUTH_WRONG_PASSWORDS_PER_ACCOUNT_AND_IP: '100',
      AUTH_WRONG_PASSWORDS_PER_ACCOUNT: '1000',
    });
    const owner = await registerUser(server!);
    const phone = deviceCookieOf(await signIn(owner.email, owner.password, '198.51.100.10'));
    expect(phone).toMatch(/^momentos_device=[\w-]{43}$/);
    let attacking = true;
    const stranger = async (address: string) => {
      let tries = 0;
      while (attacking) {
        const response = await wrong(owner.email, address);
        tries++;
        const retryAfter = Number(response.headers.get('retry-after') ?? 0);
        // Back exactly when the wait ends: the moment the old per-account delay handed to whoever asked first.
        await sleep(response.status === 429 ? Math.min(retryAfter * 1000, CAP_MS) : 20);
      }
      return tries;
    };
    const strangers = Promise.all([stranger('203.0.113.1'), stranger('203.0.113.2')]);
    const owners: number[] = [];
    for (let round = 0; round < 10; round++) {
      await sleep(250);
      owners.push((await signIn(owner.email, owner.password, '198.51.100.11', phone)).status);
      owners.push((await signIn(owner.email, owner.password, `198.51.100.${50 + round}`)).status);
    }
    attacking = false;
    expect((await strangers).reduce((sum, tries) => sum + tries, 0)).toBeGreaterThan(10);
    expect(owners).toEqual(owners.map(() => 200));
  });

  it("after the account's budget for unknown devices, lets in only a device the owner used before", async () => {
    await start({ ...signInLimits, AUTH_WRONG_PASSWORDS_PER_ACCOUNT: '4' });
    const owner = await registerUser(server!);
    const laptop = deviceCookieOf(await signIn(owner.email, owner.password, '198.51.100.60'));
    for (let stranger = 1; stranger <= 4; stranger++)
      expect((await wrong(owner.email, `192.0.2.${stranger}`)).status).toBe(401);
    expectRefused(await wrong(owner.email, '192.0.2.5'));
    expectRefused(await signIn(owner.email, owner.password, '198.51.100.61'));
    expect((await signIn(owner.email, owner.password, '198.51.100.62', laptop)).status).toBe(200);
    // A known device still has a budget of its own: it cannot be used to guess.
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await signIn(owner.email, 'wrong-password', '198.51.100.62', laptop)).status).toBe(401);
    expectRefused(await signIn(owner.email, 'wrong-password', '198.51.100.62', laptop));
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
