import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { serverRoot } from '../config.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the address, for a connection outside the pool (LISTEN needs its own). */
  postgresUrl?: string;
  /** PGlite only: the in-process client, whose `listen` hears this process's NOTIFYs. */
  pglite?: PGlite;
  /**
   * This handle's name, new at each start. On PostgreSQL every connection carries it as its
   * `application_name`, so another server sees in `pg_stat_activity` whether this one still runs
   * (a killed process's connections close with it). PGlite is opened by one process at a time.
   */
  sessionName: string;
  close(): Promise<void>;
}

const migrationsFolder = path.join(serverRoot, 'src/db/migrations');

/**
 * PGlite's own default is PostgreSQL's `shared_buffers=128MB`, all of it inside the server's
 * WebAssembly heap. One embedded database of an event service is small and the kernel's page
 * cache still holds its files, so 16 MB of buffers costs little and saves about 110 MB of RSS
 * (`npm run bench -- memory` measures it).
 */
const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * PGlite's own bytea parser turns the hex text into bytes with a parseInt per byte: an album's 7,500
 * face descriptors took 2.4–3.9 s to read, against 0.21 s with Buffer's hex decoder (docs/research/find-me.md).
 */
const BYTEA_OID = 17;
const pgliteParsers = { [BYTEA_OID]: (value: string) => Buffer.from(value.slice(2), 'hex') };

/**
 * Creating a new PGlite data directory runs initdb in a second WebAssembly instance, and the
 * heap it grows (about 500 MB more RSS) stays with the process after initdb ends, since a
 * WebAssembly memory never shrinks. So a new directory is created by a short child process
 * and the server opens it afterwards like any existing one.
 */
async function createPgliteDirInChildProcess(dataDir: string): Promise<void> {
  const script = `import { PGlite } from '@electric-sql/pglite'; const db = await PGlite.create({ dataDir: process.argv[1] }); await db.close();`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, dataDir], {
    // A bare specifier in `-e` code resolves from the working directory: the server's own packages.
    cwd: serverRoot,
  });
}

async function isPgliteDir(dataDir: string): Promise<boolean> {
  return fs.access(path.join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; without it the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; `memory://` keeps nothing. */
  pgliteDir: string;
  /**
   * A PGlite `dumpDataDir` tarball to start a new database from instead of an empty one: the tests
   * migrate one database per run and hand each file a copy (apps/server/test/test-database.ts).
   */
  pgliteDump?: Blob;
}

/** Any fixed number: the advisory lock that lets one server at a time run the migrations. */
const MIGRATION_LOCK_KEY = 7_201_946;

/**
 * Several servers on one PostgreSQL start together behind a load balancer. Each runs the
 * migrations under a session advisory lock, so one applies them and the others, once they get
 * the lock, find nothing left to do (instead of racing to create the same tables).
 */
async function migrateHoldingLock(pool: pg.Pool): Promise<void> {
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePostgres(drizzlePostgres({ client: connection, schema }) as never, { migrationsFolder });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    connection.release();
  }
}

/** Opens the database and brings its schema up to date before anything else touches it. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const sessionName = `momentos ${randomUUID()}`;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, application_name: sessionName });
    await migrateHoldingLock(pool);
    const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
    return { db, kind: 'postgres', postgresUrl: options.databaseUrl, sessionName, close: () => pool.end() };
  }
  if (!options.pgliteDir.startsWith('memory://')) {
    await fs.mkdir(options.pgliteDir, { recursive: true });
    if (!(await isPgliteDir(options.pgliteDir))) await createPgliteDirInChildProcess(options.pgliteDir);
  }
  const client = await PGlite.create({
    dataDir: options.pgliteDir,
    loadDataDir: options.pgliteDump,
    relaxedDurability: true,
    startParams: pgliteStartParams,
    parsers: pgliteParsers,
  });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', pglite: client, sessionName, close: () => client.close() };
}
