import fs from 'node:fs';
import path from 'node:path';
import { create } from 'tar';
import { loadConfig } from '../config.js';
import { serverUsingOrNone } from '../platform/operations/data-dir-lock.js';

/**
 * `npm run backup [-- <file.tar.gz>]`: the embedded setup's whole state (the PGlite database and
 * the media files) in one archive. The server must be stopped, so the copy is consistent.
 * PostgreSQL and S3 setups are backed up with their own tools (docs/operations.md).
 */
const config = loadConfig();
if (config.DATABASE_URL || config.S3_BUCKET) {
  console.error(
    'DATABASE_URL or S3_BUCKET is set: back up PostgreSQL with pg_dump and the bucket with its own tools (docs/operations.md).',
  );
  process.exit(1);
}
const dataDir = config.dataDir;
const running = serverUsingOrNone(dataDir);
if (running) {
  console.error(`A server (pid ${running}) is using ${dataDir}. Stop it first, so the backup is consistent.`);
  process.exit(1);
}
const parts = ['pglite', 'media'].filter((part) => fs.existsSync(path.join(dataDir, part)));
if (!parts.includes('pglite')) {
  console.error(`No embedded database in ${dataDir}: nothing to back up.`);
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = path.resolve(process.argv[2] ?? path.join('backups', `momentos-${stamp}.tar.gz`));
fs.mkdirSync(path.dirname(target), { recursive: true });
const partial = `${target}.partial`;
// Written under a temporary name and renamed: a backup that exists is a whole backup.
await create(
  { gzip: true, file: partial, cwd: dataDir, portable: true, filter: (entry) => !entry.endsWith('.partial') },
  parts,
);
fs.renameSync(partial, target);
console.log(`Backup written: ${target} (${(fs.statSync(target).size / 1024 / 1024).toFixed(1)} MB)`);
