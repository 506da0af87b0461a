import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { freshTestDatabaseUrl, openTestDatabase } from '../test-database.js';

/**
 * Every other file runs on a copy of one database migrated per run (global-setup.ts). This one
 * migrates an empty database on the run's engine, as a new installation's first start does, and
 * finds every migration applied and the very schema and rows the copies hold.
 */
const databases: DatabaseHandle[] = [];
afterAll(async () => Promise.all(databases.map((database) => database.close())));

const journal = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../src/db/migrations/meta/_journal.json'), 'utf8'),
) as { entries: { tag: string }[] };

async function rows(database: DatabaseHandle, query: string) {
  return ((await database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** Tables, columns, constraints, indexes, triggers and functions of the public schema, and each table's row count. */
async function schemaOf(database: DatabaseHandle) {
  const tables = await rows(
    database,
    `select table_name from information_schema.tables where table_schema = 'public' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables)
    counts[String(table_name)] = Number((await rows(database, `select count(*) as n from "${table_name}"`))[0]!.n);
  return {
    columns: await rows(
      database,
      `select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
       where table_schema = 'public' order by table_name, column_name`,
    ),
    constraints: await rows(
      database,
      `select conrelid::regclass::text as on_table, conname, pg_get_constraintdef(oid) as definition from pg_constraint
       where connamespace = 'public'::regnamespace order by 1, 2`,
    ),
    indexes: await rows(
      database,
      `select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by 1, 2`,
    ),
    triggers: await rows(
      database,
      `select tgrelid::regclass::text as on_table, tgname, pg_get_triggerdef(oid) as definition from pg_trigger
       where not tgisinternal order by 1, 2`,
    ),
    functions: await rows(
      database,
      `select proname, pg_get_functiondef(oid) as definition from pg_proc where pronamespace = 'public'::regnamespace order by 1`,
    ),
    counts,
  };
}

it('migrates an empty database to the schema and rows every other test file starts from', async () => {
  const url = await freshTestDatabaseUrl('empty');
  const empty = url ? openDatabase({ databaseUrl: url, pgliteDir: '' }) : openDatabase({ pgliteDir: 'memory://' });
  const [scratch, copy] = await Promise.all([empty, openTestDatabase()]);
  databases.push(scratch, copy);

  const applied = await rows(scratch, 'select hash from drizzle.__drizzle_migrations');
  expect(applied).toHaveLength(journal.entries.length);
  const scratchSchema = await schemaOf(scratch);
  expect(scratchSchema.columns.length).toBeGreaterThan(100);
  expect(scratchSchema.counts.products).toBeGreaterThan(0);
  expect(scratchSchema).toEqual(await schemaOf(copy));
}, 120_000);
