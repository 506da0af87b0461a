import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser } from './browser.js';
import { copyPgliteTemplate } from './pglite-template.js';
import { startProductServer, type ProductServer } from './product-server.js';

export interface JourneyOptions {
  /**
   * A server of the file's own instead of the run's shared one (global-setup.ts), for a journey
   * that configures it (`env`), stops it to read its database (`dataDir`, which the caller then
   * removes), or watches its processes. Implied by `env` and `dataDir`.
   */
  ownServer?: boolean;
  env?: Record<string, string>;
  dataDir?: string;
  /** Chromium switches the journey needs. */
  browserArgs?: string[];
}

/**
 * The built product and Debian's Chromium for one journey file, ready before its tests (in
 * parallel). Read `journey.server` and `journey.browser` inside tests. The browser is the file's
 * own and closes after it; the server is the shared one unless `options` ask for one of its own.
 */
export function useProductAndBrowser({ env = {}, dataDir, browserArgs = [], ...options }: JourneyOptions = {}): {
  readonly server: ProductServer;
  readonly browser: Browser;
} {
  const journey = {} as { server: ProductServer; browser: Browser };
  const ownServer = options.ownServer || Object.keys(env).length > 0 || dataDir !== undefined;
  beforeAll(async () => {
    [journey.server, journey.browser] = await Promise.all([
      ownServer ? startOwnProductServer(env, dataDir) : sharedProductServer(),
      launchBrowser(browserArgs),
    ]);
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
  });
  return journey;
}

/**
 * The server every journey without needs of its own shares, started once by the e2e global setup
 * (with per-address limits raised: every journey comes from 127.0.0.1). It outlives the file:
 * `stop` does nothing, and a journey that kills or stops its server starts its own.
 */
export async function sharedProductServer(): Promise<ProductServer> {
  const shared = inject('sharedProductServer');
  if (!shared)
    throw new Error('No shared server: run journeys through the e2e project (npx vitest run --project e2e).');
  return {
    ...shared,
    async stop() {},
    async kill() {
      throw new Error('The shared server outlives this file: a journey that kills its server starts its own.');
    },
  };
}

/**
 * A server of the file's own, on a copy of the run's migrated database instead of an empty one
 * (initdb and the migrations were most of a start). With `dataDir` the caller owns the directory.
 */
export async function startOwnProductServer(env: Record<string, string> = {}, dataDir?: string) {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-e2e-'));
  copyPgliteTemplate(inject('pgliteTemplate'), dir);
  const server = await startProductServer(env, dir);
  if (dataDir) return server;
  return {
    ...server,
    async stop() {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
