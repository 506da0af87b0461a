import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../apps/server/src/db/client.js';

/**
 * One migrated embedded database per test run, made by a project's global setup: initdb and the
 * migrations took most of a test file's or a server's start (about 3 s of 5), so each file or server
 * gets a copy instead. `dataDir` is a data directory as a server leaves it (copied into a server's
 * DATA_DIR), `dump` the same database as PGlite's tarball (loaded into an in-memory database).
 * Migrating an empty database is still tested: apps/server/test/operations/migrations.api.test.ts, and
 * `npm test`'s check of the built server on a new data directory.
 */
export interface PgliteTemplate {
  dataDir: string;
  dump: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absent where no global setup made one (the unit project): databases then start empty. */
    pgliteTemplate?: PgliteTemplate;
  }
}

/** Creates and migrates the template in `dir` (which the caller removes) through the product's own openDatabase. */
export async function makePgliteTemplate(dir: string): Promise<PgliteTemplate> {
  const template = { dataDir: path.join(dir, 'pglite'), dump: path.join(dir, 'pglite.tar') };
  const database = await openDatabase({ pgliteDir: template.dataDir });
  try {
    // Everything on disk, so the directory copied later needs no recovery.
    await database.pglite!.exec('checkpoint');
    const dump = await database.pglite!.dumpDataDir('none');
    fs.writeFileSync(template.dump, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return template;
}

/**
 * Puts a copy of the template's database into a server's data directory, as the server's first
 * start would have made it; does nothing without a template or when the directory has a database.
 */
export function copyPgliteTemplate(template: PgliteTemplate | undefined, dataDir: string): void {
  const target = path.join(dataDir, 'pglite');
  if (!template || fs.existsSync(target)) return;
  fs.cpSync(template.dataDir, target, { recursive: true });
}
