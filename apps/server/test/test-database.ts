import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { adminDatabaseUrl } from './postgres-admin.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or with
 * TEST_DB=postgres a new database on the local server, so files never share rows.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = await freshTestDatabaseUrl();
  return url ? openDatabase({ databaseUrl: url, pgliteDir: '' }) : openDatabase({ pgliteDir: 'memory://' });
}

/**
 * With TEST_DB=postgres, the address of a new empty database on the local server (for tests that
 * start a whole server process); otherwise undefined, and the process uses its own PGlite.
 */
export async function freshTestDatabaseUrl(): Promise<string | undefined> {
  if (process.env.TEST_DB !== 'postgres') return undefined;
  const name = `${inject('testRunPrefix')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  return url.toString();
}
