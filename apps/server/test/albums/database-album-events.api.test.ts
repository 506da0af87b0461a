import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import type { AlbumEvent, AlbumEvents } from '../../src/modules/albums/album-events.js';
import { ALBUM_LIVE_CHANNEL, createDatabaseAlbumEvents } from '../../src/modules/albums/database-album-events.js';
import { openTestDatabase } from '../test-database.js';

/**
 * Two hubs on one database stand for two servers: PGlite with TEST_DB=pglite (both on the one
 * in-process handle), a fresh PostgreSQL database with TEST_DB=postgres (each hub holding its own
 * listening connection, as two processes would).
 */
let database: DatabaseHandle;
const hubs: AlbumEvents[] = [];
const warnings: string[] = [];
const logger = { warn: (_details: object, message: string) => warnings.push(message), info: () => undefined };

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await Promise.all(hubs.map((hub) => hub.stop()));
  await database.close();
});

async function hub() {
  const created = await createDatabaseAlbumEvents(database, logger, { backoffMs: { first: 50, max: 200 } });
  hubs.push(created);
  return created;
}

function heardBy(events: AlbumEvents, albumId: string) {
  const heard: string[] = [];
  events.subscribe(
    albumId,
    (event) => heard.push(event.photoId),
    () => undefined,
  );
  return heard;
}

async function until(predicate: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const start = Date.now();
  while (!(await predicate())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const photo = (photoId: string): AlbumEvent => ({ type: 'photo', photoId });
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('album events through the database', () => {
  it("delivers one server's publish to the other's subscribers, and to its own exactly once", async () => {
    const [a, b] = [await hub(), await hub()];
    const onA = heardBy(a, 'album-1');
    const onB = heardBy(b, 'album-1');
    const elsewhere = heardBy(b, 'album-2');
    a.publish('album-1', photo('p1'));
    b.publish('album-1', photo('p2'));
    await until(() => onA.length === 2 && onB.length === 2);
    await settle();
    expect(onA.sort()).toEqual(['p1', 'p2']);
    expect(onB.sort()).toEqual(['p1', 'p2']);
    expect(elsewhere).toEqual([]);
  });

  it('ignores notices on the channel that are not album events', async () => {
    const [a] = [await hub()];
    const heard = heardBy(a, 'album-3');
    await database.db.execute(sql`select pg_notify(${ALBUM_LIVE_CHANNEL}, ${'not json'})`);
    await database.db.execute(
      sql`select pg_notify(${ALBUM_LIVE_CHANNEL}, ${JSON.stringify({ serverId: 'x', albumId: 'album-3', event: { type: 'other' } })})`,
    );
    await database.db.execute(
      sql`select pg_notify(${ALBUM_LIVE_CHANNEL}, ${JSON.stringify({ serverId: 'x', albumId: 'album-3', event: photo('p3') })})`,
    );
    await until(() => heard.length === 1);
    await settle();
    expect(heard).toEqual(['p3']);
  });

  it('keeps delivering after the listening connection is dropped (PostgreSQL; PGlite has no connection to lose)', async () => {
    const [a, b] = [await hub(), await hub()];
    const onB = heardBy(b, 'album-4');
    if (database.kind === 'postgres') {
      const listeners = async () =>
        (
          (await database.db.execute(
            sql`select pid from pg_stat_activity where datname = current_database() and query ilike ${`listen ${ALBUM_LIVE_CHANNEL}`}`,
          )) as unknown as { rows: { pid: number }[] }
        ).rows;
      const before = await listeners();
      expect(before.length).toBeGreaterThanOrEqual(2);
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike ${`listen ${ALBUM_LIVE_CHANNEL}`}`,
      );
      await until(async () => {
        const now = await listeners();
        return now.length === before.length && now.every((row) => !before.some((old) => old.pid === row.pid));
      });
      expect(warnings).toContain('lost the database notification listener; reconnecting');
    } else {
      expect(database.postgresUrl).toBeUndefined();
    }
    a.publish('album-4', photo('p4'));
    await until(() => onB.length === 1);
    expect(onB).toEqual(['p4']);
  });

  it('stops hearing once stopped, and stopping does not hang', async () => {
    const [a, b] = [await hub(), await hub()];
    const onB = heardBy(b, 'album-5');
    const started = Date.now();
    await b.stop();
    expect(Date.now() - started).toBeLessThan(2000);
    a.publish('album-5', photo('p5'));
    await settle();
    expect(onB).toEqual([]);
  });
});
