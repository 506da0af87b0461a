import { defineConfig } from 'vitest/config';

// One runner, four projects; scripts/test.mjs runs them in the order the README gives.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.mjs'],
          // Tests that run the product as its own process (backup and restore) run the compiled server.
          globalSetup: ['e2e/support/build-server.ts'],
        },
      },
      'apps/web',
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/test/**/*.api.test.ts'],
          // Crash, two-server and script tests start the compiled server, as production runs it.
          globalSetup: ['apps/server/test/global-setup.ts', 'e2e/support/build-server.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.test.ts'],
          // Builds the server, migrates one database to copy, and starts the server journeys share.
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // How many journeys run at once is the run's --maxWorkers (npm test: two); vitest 3 takes it
          // from the root, so a per-project `fileParallelism: false` here limited nothing.
          // A poll's default second is too short for a 2-core CI machine running a browser and the
          // server at once; a real failure still shows, only later.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
