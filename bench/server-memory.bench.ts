import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startProductServer, type ServerRuntime } from '../e2e/support/product-server.js';

/** Production's compiled server first, then the TypeScript sources through tsx, to show what the build saves. */
const RUNTIMES: ServerRuntime[] = ['compiled', 'tsx'];

/** Extra environment for the server (MEMORY_SERVER_ENV='DATABASE_URL=postgres://…'), to compare settings. */
const serverEnv = () =>
  Object.fromEntries(
    (process.env.MEMORY_SERVER_ENV ?? '')
      .split(' ')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );

function memoryMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024;
  return `RSS ${field('VmRSS').toFixed(0)} MB (high-water mark ${field('VmHWM').toFixed(0)} MB)`;
}

/**
 * The server's resident memory once /healthz answers and it has settled for 3 s, before any
 * upload: first on a new data directory (the database is created and migrated), then again on
 * the same directory (a restart).
 */
export const serverMemoryBenchmark = {
  name: 'memory: server RSS after start, new and existing data directory',
  async run() {
    for (const runtime of RUNTIMES) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-memory-bench-'));
      try {
        for (const label of ['new data directory', 'existing data directory']) {
          const server = await startProductServer(
            { WEB_DIST_DIR: '', NOTICES_DIGEST_SWEEP_MS: '0', ...serverEnv() },
            dataDir,
            runtime,
          );
          await new Promise((resolve) => setTimeout(resolve, 3000));
          console.log(`${runtime}, ${label}: ${memoryMb(server.pid)}`);
          await server.stop();
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
    console.log(
      `load average: ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}`,
    );
  },
};
