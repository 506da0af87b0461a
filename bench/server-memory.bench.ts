import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { envAssignments, startProductServer, type ServerRuntime } from '../e2e/support/product-server.js';
import { median } from './support/load-stats.js';

/** Production's compiled server first, then the TypeScript sources through tsx, to show what the build saves. */
const RUNTIMES: ServerRuntime[] = ['compiled', 'tsx'];

/** Extra environment for the server (MEMORY_SERVER_ENV='DATABASE_URL=postgres://…'), to compare settings. */
const serverEnv = () => envAssignments(process.env.MEMORY_SERVER_ENV);

function memoryMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024;
  return { rss: field('VmRSS'), highWater: field('VmHWM') };
}

/** One reading swings by ±15 MB (when V8 compiles PGlite's WebAssembly, when it collects): restarts. */
const RESTARTS = Number(process.env.MEMORY_RESTARTS ?? 3);
/**
 * A server that has just started still holds its start-up's garbage: V8 shrinks its young
 * generation (about 30 MB) only when its memory reducer sees the process idle, 10 to 20 s later.
 * "At rest" is read after this many seconds without a request; "after start" 3 s after /healthz.
 */
const REST_SECONDS = Number(process.env.MEMORY_REST_SECONDS ?? 30);

/** Issue 20's targets for a restarted server at rest: on PostgreSQL, and on the embedded database. */
const target = () => (serverEnv().DATABASE_URL ? 'target < 130 MB' : 'target < 220 MB');
const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * The server's resident memory 3 s after /healthz answers and again at rest, before any upload:
 * first on a new data directory (the database is created and migrated), then restarted on the
 * same directory MEMORY_RESTARTS times (3), whose median at rest is the figure.
 */
export const serverMemoryBenchmark = {
  name: 'memory: server RSS after start and at rest, new and existing data directory',
  async run() {
    for (const runtime of RUNTIMES) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-memory-bench-'));
      try {
        const runs = ['new data directory', ...Array<string>(RESTARTS).fill('existing data directory')];
        const afterStart: number[] = [];
        const atRest: number[] = [];
        for (const label of runs) {
          const server = await startProductServer(
            { WEB_DIST_DIR: '', NOTICES_DIGEST_SWEEP_MS: '0', ...serverEnv() },
            dataDir,
            runtime,
          );
          await sleep(3);
          const started = memoryMb(server.pid);
          await sleep(Math.max(0, REST_SECONDS - 3));
          const { rss, highWater } = memoryMb(server.pid);
          if (label !== runs[0]) {
            afterStart.push(started.rss);
            atRest.push(rss);
          }
          console.log(
            `${runtime}, ${label}: RSS ${started.rss.toFixed(0)} MB after start, ${rss.toFixed(0)} MB at rest ` +
              `(${REST_SECONDS} s; high-water mark ${highWater.toFixed(0)} MB)`,
          );
          await server.stop();
        }
        console.log(
          `${runtime}, existing data directory, median of ${RESTARTS}: RSS at rest ${median(atRest).toFixed(0)} MB ` +
            `(${target()}); after start ${median(afterStart).toFixed(0)} MB`,
        );
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
