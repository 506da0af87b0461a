import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startProductServer } from '../e2e/support/product-server.js';

const RUNS = 3;

/** From starting the server process to /healthz answering, on a data directory that already exists. */
export const coldStartBenchmark = {
  name: 'cold start: process start to /healthz on an existing data directory',
  async run() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-bench-'));
    try {
      const first = Date.now();
      await (await startProductServer({ WEB_DIST_DIR: '' }, dataDir)).stop();
      const creation = Date.now() - first;
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const started = Date.now();
        const server = await startProductServer({ WEB_DIST_DIR: '' }, dataDir);
        times.push(Date.now() - started);
        await server.stop();
      }
      const median = times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
      console.log(`first start (creates and migrates the database): ${creation} ms`);
      console.log(`cold start, median of ${RUNS}: ${median} ms (runs: ${times.join(', ')} ms)`);
      console.log(`ratio to first start: ${(median / creation).toFixed(2)}`);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
