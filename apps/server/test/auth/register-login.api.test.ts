import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastEmailedToken, registerUser, uniqueEmail } from '../factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('POST /api/auth/register', () => {
  it('creates the account and answers with a session in the spec shape', async () => {
    const email = uniqueEmail();
    const before = Math.floor(Date.now() / 1000);
    const response = await server.request('POST', '/api/auth/register', {
      body: { email: `  ${email.toUpperCase()} `, password: 'correct-horse-9', session_id: 'trk_123' },
    });
    expect(response.status).toBe(201);
    expect(response.body.success).toBe(true);
    const { session, user } = response.body.data;
    expect(user.email).toBe(email);
    expect(session.user).toEqual(user);
    expect(session.user.user_metadata).toEqual({ email_verified: false });
    expect(typeof session.access_token).toBe('string');
    expect(typeof session.refresh_token).toBe('string');
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 3500);
    expect(session.expires_at).toBeLessThanOrEqual(before + 3700);
  });

  it('stores a slow salted hash, never the password', async () => {
    const { email, password } = await registerUser(server);
    const [row] = await server.app.services.database.db.select().from(users).where(eq(users.email, email));
    const stored = row!.passwordHash;
    expect(stored).not.toContain(password);
    expect(stored).toMatch(/^scrypt\$/);
  });

  it('answers 409 "already exists" for an address that exists, whatever its case', async () => {
    const { email } = await registerUser(server);
    const response = await server.request('POST', '/api/auth/register', {
      body: { email: email.toUpperCase(), password: 'another-pass-1' },
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ success: false, code: 'EMAIL_ALREADY_EXISTS' });
    expect(response.body.message).toContain('already exists');
  });

  it('refuses a password shorter than 8 characters', async () => {
    const response = await server.request('POST', '/api/auth/register', {
      body: { email: uniqueEmail(), password: 'short7!' },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.message).toMatch(/at least 8/);
  });

  it('refuses an invalid e-mail address with a clear message', async () => {
    const response = await server.request('POST', '/api/auth/register', {
      body: { email: 'not-an-address', password: 'long-enough' },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/email/i);
  });

  it('sends a verification e-mail whose link verifies the address once', async () => {
    const { email, session } = await registerUser(server);
    const token = await lastEmailedToken(server, email);
    expect((await server.request('POST', '/api/auth/verify-email', { body: { token } })).status).toBe(200);
    const me = await server.request('GET', '/api/auth/me', { token: session.access_token });
    expect(me.body.data.user.user_metadata.email_verified).toBe(true);
    const again = await server.request('POST', '/api/auth/verify-email', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_EMAIL_TOKEN');
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the address in any case and surrounding spaces', async () => {
    const { email, password, user } = await registerUser(server);
    const response = await server.request('POST', '/api/auth/login', {
      body: { email: ` ${email.toUpperCase()}`, password },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.user.id).toBe(user.id);
    expect(response.body.data.session.access_token).toBeTruthy();
  });

  it('answers the same 401 for a wrong password and an unknown address', async () => {
    const { email } = await registerUser(server);
    const wrongPassword = await server.request('POST', '/api/auth/login', {
      body: { email, password: 'wrong-password' },
    });
    const unknownEmail = await server.request('POST', '/api/auth/login', {
      body: { email: uniqueEmail('nobody'), password: 'wrong-password' },
    });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        success: false,
        message: 'Invalid email or password',
        code: 'INVALID_CREDENTIALS',
      });
    }
  });
});

describe('GET /api/auth/me', () => {
  it('returns the signed-in user and refuses a missing or unknown token', async () => {
    const { session, email } = await registerUser(server);
    const me = await server.request('GET', '/api/auth/me', { token: session.access_token });
    expect(me.status).toBe(200);
    expect(me.body.data.user.email).toBe(email);
    expect((await server.request('GET', '/api/auth/me')).status).toBe(401);
    const forged = await server.request('GET', '/api/auth/me', { token: 'forged-token' });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('UNAUTHORIZED');
  });
});
