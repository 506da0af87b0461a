import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import buildServer from './build-server.js';
import { copyPgliteTemplate, makePgliteTemplate } from './pglite-template.js';
import { startProductServer } from './product-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The one product server the journeys without needs of their own share (journey.ts). */
    sharedProductServer?: { url: string; dataDir: string; pid: number };
  }
}

/**
 * Every browser journey used to start its own server (about 6 s each, 13 on a busy machine, most of
 * it initdb and the migrations). Journeys that need nothing special now share one, started here
 * once, and the rest start theirs on a copy of one migrated database.
 *
 * All journeys reach it from 127.0.0.1, so budgets that are per address would be shared by every
 * file, where each file had its own server and budget before; no journey tests a limit (the API
 * tests do), so they are raised here, as the API test servers raise the sign-in one.
 */
export const SHARED_SERVER_ENV = {
  AUTH_RATE_LIMIT_PER_IP: '100000',
  HELP_RATE_LIMIT_PER_WINDOW: '100000',
  TRACKING_RATE_LIMIT_PER_IP: '100000',
  ALBUM_CODE_RATE_LIMIT_PER_IP: '100000',
  ALBUM_CODE_RATE_LIMIT_PER_IP_PER_DAY: '100000',
  ALBUM_CODE_RATE_LIMIT_PER_IP_PER_MONTH: '100000',
  ALBUM_CODE_RATE_LIMIT_PER_BLOCK_PER_DAY: '100000',
  ALBUM_CODE_RATE_LIMIT_PER_BLOCK_PER_MONTH: '100000',
  ALBUM_CODE_ATTACK_WRONG_PER_MINUTE: '100000',
  ALBUM_CODE_ATTACK_WRONG_PER_DAY: '100000',
};

export default async function setup(project: TestProject) {
  buildServer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-e2e-template-'));
  const template = await makePgliteTemplate(dir);
  project.provide('pgliteTemplate', template);
  const dataDir = path.join(dir, 'shared');
  fs.mkdirSync(dataDir);
  copyPgliteTemplate(template, dataDir);
  const server = await startProductServer(SHARED_SERVER_ENV, dataDir);
  project.provide('sharedProductServer', { url: server.url, dataDir, pid: server.pid });
  return async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
