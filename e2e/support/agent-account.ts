import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { copyPgliteTemplate } from './pglite-template.js';
import { recordSecret } from './test-run.js';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A data directory that already holds a support agent, made with the real `create-agent` script.
 * PGlite allows one process per data directory, so this runs before the server starts on it, on a
 * copy of the run's migrated database.
 */
export function dataDirWithAgent(email: string, password: string): string {
  recordSecret(password, 'password');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-e2e-agent-'));
  copyPgliteTemplate(inject('pgliteTemplate'), dir);
  execFileSync('node', ['--import', 'tsx', 'apps/server/src/scripts/create-agent.ts', email, password], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return dir;
}
