#!/usr/bin/env node
// `npm test`'s check of what production runs: `npm run serve` (plain node on the compiled server, no
// TypeScript loader) starts on a new data directory, answers /healthz and serves the built web app.
// A package the build bundled wrongly, or a file read relative to src/, fails here in seconds.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = await new Promise((resolve, reject) => {
  const probe = net.createServer();
  probe.once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const url = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-built-server-'));

// Its own process group, so stopping it stops npm and the node it started.
const server = spawn('npm', ['run', '--silent', 'serve'], {
  cwd: root,
  detached: true,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'warn' },
});
const exited = new Promise((resolve) => server.once('exit', resolve));

async function check() {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    const health = await fetch(`${url}/healthz`).catch(() => undefined);
    if (health?.ok) {
      const page = await fetch(`${url}/`);
      const html = await page.text();
      if (!page.ok || !html.includes('<div id="root">'))
        throw new Error(`GET / answered ${page.status} without the web app`);
      return `${url} answered /healthz (${JSON.stringify(await health.json())}) and / (the web app)`;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not answer /healthz within 60 s');
}

try {
  console.log(await check());
} catch (error) {
  console.error(`The built server failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  if (server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
  await exited;
  // npm exits before the node it started has finished its graceful stop: wait for the whole group,
  // or the data directory would vanish under a server still writing (the example album's seed).
  const groupAlive = () => {
    try {
      process.kill(-server.pid, 0);
      return true;
    } catch (error) {
      if (error.code === 'ESRCH') return false;
      throw error;
    }
  };
  for (const deadline = Date.now() + 15_000; groupAlive() && Date.now() < deadline;)
    await new Promise((resolve) => setTimeout(resolve, 100));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
