import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastEmailedToken, registerUser } from '../factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const refresh = (refreshToken: string) =>
  server.request('POST', '/api/auth/refresh', { body: { refresh_token: refreshToken } });
const me = (accessToken: string) => server.request('GET', '/api/auth/me', { token: accessToken });

describe('refresh tokens', () => {
  it('exchanges a refresh token for a new session and invalidates the old refresh token', async () => {
    const { session } = await registerUser(server);
    const first = await refresh(session.refresh_token);
    expect(first.status).toBe(200);
    const renewed = first.body.data.session;
    expect(renewed.access_token).not.toBe(session.access_token);
    expect(renewed.refresh_token).not.toBe(session.refresh_token);
    expect((await me(renewed.access_token)).status).toBe(200);
  });

  it('revokes the whole session family when a used refresh token comes back', async () => {
    const { session } = await registerUser(server);
    const renewed = (await refresh(session.refresh_token)).body.data.session;

    const replay = await refresh(session.refresh_token);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('INVALID_REFRESH_TOKEN');
    // The legitimate holder's newer tokens die with the family.
    expect((await me(renewed.access_token)).status).toBe(401);
    expect((await refresh(renewed.refresh_token)).status).toBe(401);
  });

  it('leaves other sessions of the same user alone when one family is revoked', async () => {
    const { session, email, password } = await registerUser(server);
    const other = (await server.request('POST', '/api/auth/login', { body: { email, password } })).body.data.session;
    await refresh(session.refresh_token);
    await refresh(session.refresh_token);
    expect((await me(other.access_token)).status).toBe(200);
  });

  it('refuses an unknown refresh token and a malformed body', async () => {
    expect((await refresh('not-a-real-token')).status).toBe(401);
    const malformed = await server.request('POST', '/api/auth/refresh', { body: { refresh_token: 42 } });
    expect(malformed.status).toBe(400);
  });
});

describe('logout', () => {
  it('ends the session: its access and refresh tokens stop working', async () => {
    const { session } = await registerUser(server);
    const response = await server.request('POST', '/api/auth/logout', { token: session.access_token });
    expect(response.status).toBe(200);
    expect((await me(session.access_token)).status).toBe(401);
    expect((await refresh(session.refresh_token)).status).toBe(401);
  });

  it('needs a signed-in user', async () => {
    expect((await server.request('POST', '/api/auth/logout')).status).toBe(401);
  });
});

describe('password reset', () => {
  it('e-mails a link whose token sets a new password and signs out old sessions', async () => {
    const { email, password, session } = await registerUser(server);
    const forgot = await server.request('POST', '/api/auth/forgot-password', { body: { email: email.toUpperCase() } });
    expect(forgot.status).toBe(200);
    const token = await lastEmailedToken(server, email);

    const reset = await server.request('POST', '/api/auth/reset-password', {
      body: { token, password: 'brand-new-pass' },
    });
    expect(reset.status).toBe(200);
    expect((await me(session.access_token)).status).toBe(401);
    expect((await server.request('POST', '/api/auth/login', { body: { email, password } })).status).toBe(401);
    expect(
      (await server.request('POST', '/api/auth/login', { body: { email, password: 'brand-new-pass' } })).status,
    ).toBe(200);

    const reuse = await server.request('POST', '/api/auth/reset-password', {
      body: { token, password: 'third-pass-99' },
    });
    expect(reuse.status).toBe(400);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const response = await server.request('POST', '/api/auth/forgot-password', {
      body: { email: 'nobody-here@example.com' },
    });
    expect(response.status).toBe(200);
    await expect(lastEmailedToken(server, 'nobody-here@example.com')).rejects.toThrow(/no link/);
  });

  it('refuses a short new password', async () => {
    const response = await server.request('POST', '/api/auth/reset-password', {
      body: { token: 'x', password: 'short' },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
  });
});
