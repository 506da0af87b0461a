import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { copyPgliteTemplate } from '../../../e2e/support/pglite-template.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { adminDatabaseUrl, databaseUrlFor } from './postgres-admin.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or with
 * TEST_DB=postgres a new database on the local server, so files never share rows. Both are copies
 * of the run's one migrated database (global-setup.ts); opening still runs the migrations, which
 * find nothing left to do.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = await freshTestDatabaseUrl();
  if (url) return openDatabase({ databaseUrl: url, pgliteDir: '' });
  const template = inject('pgliteTemplate');
  return openDatabase({ pgliteDir: 'memory://', pgliteDump: template && (await fs.openAsBlob(template.dump)) });
}

/**
 * With TEST_DB=postgres, the address of a new database on the local server, a copy of the run's
 * migrated template (for tests that start a whole server process) or, `from: 'empty'`, one with no
 * schema yet; otherwise undefined, and the process uses its own PGlite (seedDataDir gives it the
 * migrated one).
 */
export async function freshTestDatabaseUrl(from: 'template' | 'empty' = 'template'): Promise<string | undefined> {
  if (process.env.TEST_DB !== 'postgres') return undefined;
  const name = `${inject('testRunPrefix')}_${randomBytes(4).toString('hex')}`;
  const template = from === 'template' ? inject('postgresTemplate') : undefined;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  await admin.end();
  return databaseUrlFor(name);
}

/**
 * Before a server process first starts on `dataDir` with the embedded database: puts the run's
 * migrated PGlite there, as that start would have made it. Does nothing on a PostgreSQL run (the
 * server then gets freshTestDatabaseUrl's database, or makes its own PGlite as before).
 */
export function seedDataDir(dataDir: string): void {
  copyPgliteTemplate(inject('pgliteTemplate'), dataDir);
}
