import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { makePgliteTemplate } from '../../../e2e/support/pglite-template.js';
import { adminDatabaseUrl, databaseUrlFor, TEST_RUN_PREFIX } from './postgres-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    testRunPrefix: string;
    /** TEST_DB=postgres: the migrated database every file's database is created from. */
    postgresTemplate?: string;
  }
}

/**
 * Migrates one database for the run, which test-database.ts copies for each file (a PGlite tarball,
 * or a PostgreSQL template database), and removes what the run created once all files have finished.
 */
export default async function setup(project: TestProject) {
  const prefix = `${TEST_RUN_PREFIX}${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  project.provide('testRunPrefix', prefix);
  if (process.env.TEST_DB !== 'postgres') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-api-template-'));
    project.provide('pgliteTemplate', await makePgliteTemplate(dir));
    return () => fs.rmSync(dir, { recursive: true, force: true });
  }

  const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`PostgreSQL is not reachable at ${adminDatabaseUrl()} (set TEST_DATABASE_URL): ${String(error)}`);
  }
  const template = `${prefix}_template`;
  await admin.query(`create database "${template}"`);
  await admin.end();
  // Migrated and closed: PostgreSQL copies a template only while nobody is connected to it.
  const database = await openDatabase({ databaseUrl: databaseUrlFor(template), pgliteDir: '' });
  await database.close();
  project.provide('postgresTemplate', template);

  return async () => {
    const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      `${prefix}%`,
    ]);
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.end();
  };
}
