import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { lastEmailedToken, registerUser } from '../factories.js';
import { freshTestDatabaseUrl, openTestDatabase } from '../test-database.js';
import { startTestServer, type TestServer } from '../test-server.js';

/**
 * Signed-in requests check their token in the server's memory (modules/auth/access-grant-cache.ts),
 * yet a sign-out or a change of the user counts at once everywhere. Two servers on one database,
 * as behind a load balancer: with TEST_DB=postgres each has its own pool, listening connection and
 * cache on a fresh PostgreSQL database; on PGlite both share the one in-process handle.
 */
const inRequest = new AsyncLocalStorage<true>();
const queriesInRequests = new Map<FastifyInstance, number>();
let a: TestServer;
let b: TestServer;
const databases: DatabaseHandle[] = [];

/** Counts the queries this server's requests send to its database (background tasks are not counted). */
function countRequestQueries(app: FastifyInstance) {
  queriesInRequests.set(app, 0);
  const [handle] = app.server.listeners('request') as ((...args: unknown[]) => void)[];
  if (!handle) throw new Error('the server has no request listener yet');
  app.server.removeAllListeners('request');
  app.server.on('request', (...args: unknown[]) => inRequest.run(true, () => handle(...args)));
  // The PGlite client or the pg pool under drizzle: every query of the app goes through it.
  const client = (app.services.database.db as unknown as { $client: Record<string, unknown> }).$client;
  for (const method of ['query', 'exec', 'transaction', 'connect']) {
    const original = client[method];
    if (typeof original !== 'function') continue;
    client[method] = (...args: unknown[]) => {
      if (inRequest.getStore()) queriesInRequests.set(app, (queriesInRequests.get(app) ?? 0) + 1);
      return (original as (...args: unknown[]) => unknown).apply(client, args);
    };
  }
}

beforeAll(async () => {
  const url = await freshTestDatabaseUrl();
  const shared = url ? undefined : await openTestDatabase();
  const open = async () => shared ?? (await openDatabase({ databaseUrl: url, pgliteDir: '' }));
  databases.push(await open());
  databases.push(await open());
  a = await startTestServer({ database: databases[0], beforeListen: countRequestQueries });
  b = await startTestServer({ database: databases[1], beforeListen: countRequestQueries });
}, 60_000);

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await Promise.all([...new Set(databases)].map((database) => database.close()));
});

const me = (server: TestServer, token: string) => server.request('GET', '/api/auth/me', { token });
const statusesOf = async (tokens: string[]) =>
  Promise.all([a, b].flatMap((server) => tokens.map(async (token) => (await me(server, token)).status)));

describe('signed-in reads', () => {
  it('answers /me for a token it has checked without any database query', async () => {
    const { session, email } = await registerUser(a);
    expect((await me(a, session.access_token)).status).toBe(200);
    queriesInRequests.set(a.app, 0);
    for (let i = 0; i < 5; i++) {
      const response = await me(a, session.access_token);
      expect(response.status).toBe(200);
      expect(response.body.data.user).toMatchObject({ email, role: 'host', user_metadata: { email_verified: false } });
    }
    expect(queriesInRequests.get(a.app)).toBe(0);
  });

  it('refuses a signed-out token at once, on the server that signed it out and on the other', async () => {
    const { session } = await registerUser(a);
    expect(await statusesOf([session.access_token])).toEqual([200, 200]);
    expect((await a.request('POST', '/api/auth/logout', { token: session.access_token })).status).toBe(200);
    expect(await statusesOf([session.access_token])).toEqual([401, 401]);
  });

  it('signs out every session of the user on both servers at once when the password is reset', async () => {
    const { email, password, session } = await registerUser(a);
    const other = (await b.request('POST', '/api/auth/login', { body: { email, password } })).body.data.session;
    const tokens = [session.access_token, other.access_token];
    expect(await statusesOf(tokens)).toEqual([200, 200, 200, 200]);
    await b.request('POST', '/api/auth/forgot-password', { body: { email } });
    const token = await lastEmailedToken(b, email);
    const reset = await b.request('POST', '/api/auth/reset-password', { body: { token, password: 'brand-new-pass' } });
    expect(reset.status).toBe(200);
    expect(await statusesOf(tokens)).toEqual([401, 401, 401, 401]);
  });

  it('shows a verified e-mail on /me at once on both servers', async () => {
    const { email, session } = await registerUser(a);
    const verifiedOn = async (server: TestServer) =>
      (await me(server, session.access_token)).body.data.user.user_metadata.email_verified;
    expect([await verifiedOn(a), await verifiedOn(b)]).toEqual([false, false]);
    const token = await lastEmailedToken(a, email);
    expect((await b.request('POST', '/api/auth/verify-email', { body: { token } })).status).toBe(200);
    expect([await verifiedOn(a), await verifiedOn(b)]).toEqual([true, true]);
  });

  it('hears a change made in the database by anyone else (a script, an operator) on both servers', async () => {
    const { session, user } = await registerUser(a);
    expect(await statusesOf([session.access_token])).toEqual([200, 200]);
    const db = databases[0]!.db;
    // PostgreSQL delivers the notice a moment after the commit; PGlite before the query returns.
    const soon = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 2000, interval: 20 });
    await db.execute(sql`update users set role = 'agent' where id = ${user.id}`);
    for (const server of [a, b])
      await soon(async () => (await me(server, session.access_token)).body.data.user.role).toBe('agent');
    await db.execute(sql`update auth_sessions set revoked_at = now() where user_id = ${user.id}`);
    await soon(() => statusesOf([session.access_token])).toEqual([401, 401]);
  });
});
