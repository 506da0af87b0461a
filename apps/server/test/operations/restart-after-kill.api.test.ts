import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startProductServer, type ProductServer } from '../../../../e2e/support/product-server.js';
import { seedDataDir } from '../test-database.js';

/**
 * A server on the embedded database is killed (SIGKILL) and started again at once, as a process
 * manager does. Until its parent reaps it the killed process is a zombie that still answers
 * `kill(pid, 0)`; it holds nothing, so the new server starts.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-restart-'));
const env = { WEB_DIST_DIR: '', MEDIA_URL_SECRET: 'restart-test-signing-key-0123456789abcdef' };
const servers: ProductServer[] = [];
const cleanups: (() => void)[] = [];

afterAll(async () => {
  cleanups.forEach((cleanup) => cleanup());
  await Promise.all(servers.map((server) => server.stop()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The compiled server started by a parent that never reaps it (`sleep`, which a shell becomes after
 * starting the server in the background): a SIGKILL leaves it a zombie. Answers its pid once healthy.
 */
async function startUnderNonReapingParent(): Promise<number> {
  const port = await freePort();
  const { DATABASE_URL: _embedded, ...parentEnv } = process.env;
  const parent = spawn('sh', ['-c', 'node apps/server/dist/main.js >/dev/null 2>&1 & echo $!; exec sleep 120'], {
    cwd: root,
    env: {
      ...parentEnv,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      EXAMPLE_ALBUM: 'off',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(() => parent.kill('SIGKILL'));
  const pid = await new Promise<number>((resolve) =>
    parent.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return pid;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the first server did not start');
}

const stateOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
};

describe('a server restarted right after a SIGKILL', () => {
  it('starts on the data directory while the killed one is still a zombie', async () => {
    seedDataDir(dataDir);
    const pid = await startUnderNonReapingParent();
    process.kill(pid, 'SIGKILL');
    const deadline = Date.now() + 5_000;
    while (stateOf(pid) !== 'Z' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stateOf(pid)).toBe('Z');

    const second = await startProductServer(env, dataDir);
    servers.push(second);
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    // The killed one was still unreaped while the new one started.
    expect(stateOf(pid)).toBe('Z');
  }, 120_000);
});
