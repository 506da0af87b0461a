import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import type { LoadedGrant } from '../../src/modules/auth/access-grant-cache.js';
import {
  AUTH_CHANGE_CHANNEL,
  createSharedGrantCache,
  type SharedGrantCache,
} from '../../src/modules/auth/auth-change-notices.js';
import { openTestDatabase } from '../test-database.js';

/**
 * The grant cache as a server runs it: on PostgreSQL with its own listening connection, which
 * this file drops to show that a lost listener sends every read to the database until it is back.
 */
let database: DatabaseHandle;
const caches: SharedGrantCache[] = [];
const warnings: string[] = [];
const logger = { warn: (_details: object, message: string) => warnings.push(message), info: () => undefined };

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await Promise.all(caches.map((cache) => cache.close()));
  await database.close();
});

async function until(predicate: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const start = Date.now();
  while (!(await predicate())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const grant = {
  userId: '00000000-0000-4000-8000-000000000001',
  email: 'a@example.com',
  sessionId: '00000000-0000-4000-8000-000000000002',
  role: 'host' as const,
  createdAt: new Date(),
  emailVerified: false,
};
const loader = () =>
  vi.fn(async (): Promise<LoadedGrant> => ({ grant, tokenExpiresAt: new Date(Date.now() + 3600_000) }));

/**
 * A TCP hop to the database that hands the database's bytes on `delayMs` late, as a server under
 * load reads its listener's socket late: the network edge of a second server, not a copy of its code.
 */
async function slowLinkTo(url: string, delayMs: number) {
  const target = new URL(url);
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (bytes) => upstream.write(bytes));
    upstream.on('data', (bytes) => setTimeout(() => client.writable && client.write(bytes), delayMs));
    client.on('error', () => upstream.destroy()).on('close', () => upstream.destroy());
    upstream.on('error', () => client.destroy()).on('close', () => setTimeout(() => client.destroy(), delayMs));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const slow = new URL(url);
  slow.hostname = '127.0.0.1';
  slow.port = String((proxy.address() as net.AddressInfo).port);
  return {
    url: slow.toString(),
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      proxy.close();
    },
  };
}

const listeners = async () =>
  (
    (await database.db.execute(
      sql`select pid from pg_stat_activity where datname = current_database() and query ilike ${`listen ${AUTH_CHANGE_CHANNEL}`}`,
    )) as unknown as { rows: { pid: number }[] }
  ).rows;

describe('the shared access grant cache', () => {
  it('forgets a session or user on every cache when the database announces it', async () => {
    const [a, b] = [await createSharedGrantCache(database, logger), await createSharedGrantCache(database, logger)];
    caches.push(a, b);
    const [onA, onB] = [loader(), loader()];
    const readBoth = () => Promise.all([a.read('hash', onA), b.read('hash', onB)]);
    await readBoth();
    await database.db.execute(
      sql`select pg_notify(${AUTH_CHANGE_CHANNEL}, ${JSON.stringify({ sessionId: grant.sessionId })})`,
    );
    await until(async () => (await readBoth(), onA.mock.calls.length === 2 && onB.mock.calls.length === 2));
    await database.db.execute(
      sql`select pg_notify(${AUTH_CHANGE_CHANNEL}, ${JSON.stringify({ userId: grant.userId })})`,
    );
    await until(async () => (await readBoth(), onA.mock.calls.length === 3 && onB.mock.calls.length === 3));
    // Anything else on the channel is ignored.
    await database.db.execute(sql`select pg_notify(${AUTH_CHANGE_CHANNEL}, ${'not json'})`);
    await a.settled();
    await readBoth();
    expect([onA.mock.calls.length, onB.mock.calls.length]).toEqual([3, 3]);
  });

  it('reads from the database while its listener reconnects, and keeps grants again once it listens (PostgreSQL)', async () => {
    if (database.kind !== 'postgres') return expect(database.postgresUrl).toBeUndefined();
    const cache = await createSharedGrantCache(database, logger, { backoffMs: { first: 1500, max: 1500 } });
    caches.push(cache);
    const load = loader();
    await cache.read('hash', load);
    await cache.read('hash', load);
    expect(load).toHaveBeenCalledTimes(1);

    const before = await listeners();
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike ${`listen ${AUTH_CHANGE_CHANNEL}`}`,
    );
    // Every cache of this file hears its listener drop (the others reconnect sooner).
    const lost = () => warnings.filter((message) => message.startsWith('lost the database notification')).length;
    await until(() => lost() >= before.length);
    // A revocation now would go unheard: every read asks the database.
    await cache.read('hash', load);
    await cache.read('hash', load);
    expect(load).toHaveBeenCalledTimes(3);

    await until(async () => {
      const now = await listeners();
      return now.length === before.length && now.every((row) => !before.some((old) => old.pid === row.pid));
    });
    await cache.settled();
    await cache.read('hash', load);
    await cache.read('hash', load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('refuses on a busy server a token whose sign-out on another server has returned (PostgreSQL)', async () => {
    if (database.kind !== 'postgres') return expect(database.postgresUrl).toBeUndefined();
    // Server B hears the database 150 ms late; server A signs the session out.
    const link = await slowLinkTo(database.postgresUrl!, 150);
    const a = await createSharedGrantCache(database, logger);
    const b = await createSharedGrantCache({ ...database, postgresUrl: link.url }, logger);
    caches.push(a, b);
    const onB = loader();
    await b.read('signed-out', onB);
    await b.read('signed-out', onB);
    expect(onB).toHaveBeenCalledTimes(1);

    // What the sign-out does once its revocation committed (the trigger sends the notice).
    await database.db.execute(
      sql`select pg_notify(${AUTH_CHANGE_CHANNEL}, ${JSON.stringify({ sessionId: grant.sessionId })})`,
    );
    a.forget({ sessionId: grant.sessionId });
    await a.settled();
    // The next request on B goes to the database, which says the session is gone.
    await b.read('signed-out', onB);
    expect(onB).toHaveBeenCalledTimes(2);
    await b.close();
    link.close();
  });
});
