import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { adminDatabaseUrl, TEST_RUN_PREFIX } from './postgres-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    testRunPrefix: string;
  }
}

/** With TEST_DB=postgres, drops every database this run created once all files have finished. */
export default async function setup(project: TestProject) {
  const prefix = `${TEST_RUN_PREFIX}${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  project.provide('testRunPrefix', prefix);
  if (process.env.TEST_DB !== 'postgres') return;

  const client = new pg.Client({ connectionString: adminDatabaseUrl() });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`PostgreSQL is not reachable at ${adminDatabaseUrl()} (set TEST_DATABASE_URL): ${String(error)}`);
  }
  await client.end();

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
