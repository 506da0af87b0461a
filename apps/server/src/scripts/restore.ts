import fs from 'node:fs';
import path from 'node:path';
import { extract, list } from 'tar';
import { loadConfig } from '../config.js';
import { serverUsingOrNone } from '../platform/operations/data-dir-lock.js';

/**
 * `npm run restore -- <file.tar.gz>`: puts a backup from `npm run backup` back into DATA_DIR. The
 * server must be stopped. What DATA_DIR held before is moved aside, never deleted.
 */
const config = loadConfig();
const archive = process.argv[2];
if (!archive || !fs.existsSync(archive)) {
  console.error('Usage: npm run restore -- <backup.tar.gz>');
  process.exit(1);
}
const dataDir = config.dataDir;
const running = serverUsingOrNone(dataDir);
if (running) {
  console.error(`A server (pid ${running}) is using ${dataDir}. Stop it first.`);
  process.exit(1);
}
const entries: string[] = [];
await list({ file: archive, onReadEntry: (entry) => void entries.push(entry.path) });
if (
  !entries.some((entry) => entry.startsWith('pglite/')) ||
  entries.some((entry) => !/^(pglite|media)(\/|$)/.test(entry))
) {
  console.error(`${archive} is not a Momentos backup (it must hold pglite/ and optionally media/ only).`);
  process.exit(1);
}
const staging = `${dataDir}.restoring-${process.pid}`;
fs.rmSync(staging, { recursive: true, force: true });
fs.mkdirSync(staging, { recursive: true });
await extract({ file: archive, cwd: staging, strict: true });
if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
  const aside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  fs.renameSync(dataDir, aside);
  console.log(`The previous data directory was moved to ${aside}`);
}
fs.mkdirSync(path.dirname(dataDir), { recursive: true });
fs.rmSync(dataDir, { recursive: true, force: true });
fs.renameSync(staging, dataDir);
console.log(`Restored ${archive} into ${dataDir}`);
