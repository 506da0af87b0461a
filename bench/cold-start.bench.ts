import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startProductServer, type ServerRuntime } from '../e2e/support/product-server.js';

const RUNS = 3;
/** Production's compiled server first, then the TypeScript sources through tsx, to show what the build saves. */
const RUNTIMES: ServerRuntime[] = ['compiled', 'tsx'];

/** From starting the server process to /healthz answering, on a data directory that already exists. */
export const coldStartBenchmark = {
  name: 'cold start: process start to /healthz on an existing data directory',
  async run() {
    for (const runtime of RUNTIMES) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-bench-'));
      try {
        const first = Date.now();
        await (await startProductServer({ WEB_DIST_DIR: '' }, dataDir, runtime)).stop();
        const creation = Date.now() - first;
        const times: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          const started = Date.now();
          const server = await startProductServer({ WEB_DIST_DIR: '' }, dataDir, runtime);
          times.push(Date.now() - started);
          await server.stop();
        }
        const median = times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
        console.log(`${runtime}: first start (creates and migrates the database): ${creation} ms`);
        console.log(`${runtime}: cold start, median of ${RUNS}: ${median} ms (runs: ${times.join(', ')} ms)`);
        console.log(`${runtime}: ratio to first start: ${(median / creation).toFixed(2)}`);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  },
};
