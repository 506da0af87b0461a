import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerUser, uniqueEmail } from '../factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

// A fresh server (and database) per test, so each test's counters start from zero.
let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '6' } });
});
afterEach(() => server.close());

const login = (email: string) => server.request('POST', '/api/auth/login', { body: { email, password: 'wrong-password' } });
const register = (email: string) => server.request('POST', '/api/auth/register', { body: { email, password: 'long-enough-1' } });

describe('rate limiting of sign-in and sign-up', () => {
  it('answers 429 with a clear message once an address has had too many attempts', async () => {
    const { email } = await registerUser(server); // the first attempt for this address
    expect((await login(email)).status).toBe(401);
    expect((await login(email)).status).toBe(401);
    const limited = await login(email);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(limited.body.message).toMatch(/too many attempts/i);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits sign-up attempts for one address too', async () => {
    const email = uniqueEmail();
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push((await register(email)).status);
    expect(statuses).toEqual([201, 409, 409, 429]);
  });

  it('limits per client address across different e-mail addresses', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 7; attempt++) statuses.push((await register(uniqueEmail())).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
  });
});
