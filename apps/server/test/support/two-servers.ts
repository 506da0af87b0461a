import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startProductServer } from '../../../../e2e/support/product-server.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { RUN_LOG_LEVEL } from '../../../../e2e/support/test-run.js';
import { freshTestDatabaseUrl, openTestDatabase } from '../test-database.js';
import { openRunLog } from '../test-server.js';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

export interface TwoServers {
  servers: [RunningServer, RunningServer];
  /** Which setup ran, for failure messages. */
  mode: string;
  stop(): Promise<void>;
}

/**
 * Two servers on one database, as behind a load balancer. With TEST_DB=postgres they are two real
 * server processes, each with its own data directory, on a fresh PostgreSQL database; with
 * TEST_DB=pglite (an embedded database no second process can open) two app instances in this
 * process share the one PGlite handle and a data directory, so whatever they share goes through
 * the database (and the object store in `env`), never through one instance's memory.
 */
export async function startTwoServers(env: Record<string, string>): Promise<TwoServers> {
  const databaseUrl = await freshTestDatabaseUrl();
  if (databaseUrl) {
    const processEnv = { ...env, DATABASE_URL: databaseUrl };
    // One after the other: both would run the migrations at once otherwise.
    const a = await startProductServer(processEnv);
    const b = await startProductServer(processEnv);
    return {
      servers: [a, b],
      mode: 'two processes on PostgreSQL',
      stop: async () => void (await Promise.all([a.stop(), b.stop()])),
    };
  }
  const database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-two-servers-'));
  const start = async (): Promise<RunningServer> => {
    // Checkout accepts only return addresses on PUBLIC_URL, so the port is chosen first.
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // Logs into the run directory like every test server (test-server.ts says why).
    const runLog = openRunLog();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: runLog ? RUN_LOG_LEVEL : 'silent',
      EXAMPLE_ALBUM: 'off',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ...env,
    });
    const app = await buildApp({ config, database, logStream: runLog?.stream });
    await app.listen({ port, host: '127.0.0.1' });
    return {
      url,
      stop: async () => {
        await app.close();
        await runLog?.close();
      },
    };
  };
  const servers: [RunningServer, RunningServer] = [await start(), await start()];
  return {
    servers,
    mode: 'two app instances on one PGlite',
    async stop() {
      await Promise.all(servers.map((server) => server.stop()));
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
