import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastEmailedToken, registerUser } from '../factories.js';
import { completedAlbum, joinAlbum, jpeg, uploadPhoto } from '../guests/guest-factories.js';
import { createVisitorTicket, withSecret } from '../help-center/help-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

/**
 * The server logs at its most talkative level while every kind of secret crosses it: passwords,
 * access and refresh tokens, e-mailed reset and verification tokens, guest tokens, ticket secrets,
 * signed media URLs and the signing key. None may appear in any log line.
 */
const MEDIA_URL_SECRET = 'k'.repeat(16) + 'media-signing-key-under-test';
const logLines: string[] = [];
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    env: { LOG_LEVEL: 'trace', MEDIA_URL_SECRET },
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(async () => server?.close());

describe('secrets in logs', () => {
  it('never writes a password, token, secret or signature to the log', async () => {
    const secrets: string[] = [MEDIA_URL_SECRET];
    const host = await registerUser(server, undefined, 'a-very-secret-password-1');
    secrets.push(host.password, host.session.access_token, host.session.refresh_token);
    await server.request('POST', '/api/auth/login', { body: { email: host.email, password: host.password } });
    const refreshed = await server.request('POST', '/api/auth/refresh', {
      body: { refresh_token: host.session.refresh_token },
    });
    if (refreshed.body?.data?.session)
      secrets.push(refreshed.body.data.session.access_token, refreshed.body.data.session.refresh_token);
    await server.request('GET', '/api/auth/me', { token: host.session.access_token });

    const verifyToken = await lastEmailedToken(server, host.email);
    secrets.push(verifyToken);
    await server.request('POST', '/api/auth/verify-email', { body: { token: verifyToken } });
    await server.request('POST', '/api/auth/forgot-password', { body: { email: host.email } });
    const resetToken = await lastEmailedToken(server, host.email);
    secrets.push(resetToken, 'another-secret-password-2');
    await server.request('POST', '/api/auth/reset-password', {
      body: { token: resetToken, password: 'another-secret-password-2' },
    });

    const album = await completedAlbum(server);
    secrets.push(album.host.password, album.host.token);
    const guestToken = await joinAlbum(server, album);
    secrets.push(guestToken);
    await uploadPhoto(server, album.albumId, guestToken, await jpeg(77));
    const photos = await server.request('GET', `/api/albums/${album.albumId}/photos`, {
      headers: { 'x-guest-token': guestToken },
    });
    const signedUrl = photos.body.data.items[0].thumbnailUrl as string;
    secrets.push(new URL(signedUrl, server.url).searchParams.get('sig')!);
    expect((await fetch(server.url + signedUrl)).status).toBe(200);

    const ticket = await createVisitorTicket(server, 'Necesito ayuda con mi álbum');
    secrets.push(ticket.secret);
    await server.request('GET', `/api/tickets/${ticket.id}`, { headers: withSecret(ticket.secret) });

    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(1000);
    expect(secrets.filter((secret) => secret && log.includes(secret))).toEqual([]);
  });
});
