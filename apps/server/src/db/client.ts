import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export interface DatabaseOptions {
  /** A PostgreSQL URL; without it the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; `memory://` keeps nothing. */
  pgliteDir: string;
}

/** Opens the database and brings its schema up to date before anything else touches it. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
    await migratePostgres(db as never, { migrationsFolder });
    return { db, kind: 'postgres', postgresUrl: options.databaseUrl, close: () => pool.end() };
  }
  if (!options.pgliteDir.startsWith('memory://')) {
    await fs.mkdir(options.pgliteDir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir: options.pgliteDir, relaxedDurability: true });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}
