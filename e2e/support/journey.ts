import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { startProductServer, type ProductServer } from './product-server.js';

/**
 * The built product and Debian's Chromium for one journey file: started before its tests (in
 * parallel) and stopped after them. Read `journey.server` and `journey.browser` inside tests.
 * Pass `dataDir` to keep the database after the server stops (the caller then removes it), and
 * `browserArgs` for Chromium switches the journey needs.
 */
export function useProductAndBrowser(
  env: Record<string, string> = {},
  dataDir?: string,
  browserArgs: string[] = [],
): { readonly server: ProductServer; readonly browser: Browser } {
  const journey = {} as { server: ProductServer; browser: Browser };
  beforeAll(async () => {
    [journey.server, journey.browser] = await Promise.all([
      startProductServer(env, dataDir),
      launchBrowser(browserArgs),
    ]);
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
  });
  return journey;
}
