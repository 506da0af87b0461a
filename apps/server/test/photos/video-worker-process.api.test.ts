import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { finishedAlbum, joinAsGuest, uploadAsGuest } from '../../../../e2e/support/album-fixture.js';
import { startProductServer } from '../../../../e2e/support/product-server.js';
import { freshTestDatabaseUrl } from '../test-database.js';

const root = path.resolve(import.meta.dirname, '../../../..');
const clip = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/clip.mov'));
let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-worker-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** `npm run worker`'s process, with its output kept for the assertions. */
function startWorker(env: Record<string, string>) {
  const merged: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env };
  // An empty value means "unset".
  for (const [name, value] of Object.entries(merged)) if (value === '') delete merged[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
    cwd: root,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

it('npm run worker makes the copies for web servers that run no workers (PostgreSQL), and refuses PGlite', async () => {
  const databaseUrl = await freshTestDatabaseUrl();
  if (!databaseUrl) {
    // The embedded database belongs to the web server's one process: the worker says so and stops.
    const worker = startWorker({ DATABASE_URL: '' });
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toContain('npm run worker needs DATABASE_URL');
    return;
  }
  const env = { DATABASE_URL: databaseUrl, WEB_DIST_DIR: '', MEDIA_WORKERS: '0' };
  const server = await startProductServer(env, dataDir);
  const worker = startWorker({ DATABASE_URL: databaseUrl, MEDIA_JOB_POLL_MS: '60000' });
  try {
    const album = await finishedAlbum(server.url, 'premium');
    const token = await joinAsGuest(album);
    await until(() => worker.output().includes('background job workers started'));
    const { id } = await uploadAsGuest(album, token, clip, 'clip.mov');
    // Woken by the web server's notice, not by its poll (a minute away).
    const state = await until(async () => {
      const response = await fetch(`${server.url}/api/albums/${album.albumId}/photos`, {
        headers: { 'x-guest-token': token },
      });
      const { data } = (await response.json()) as { data: { items: { id: string; playback: { state: string } }[] } };
      const item = data.items.find((entry) => entry.id === id);
      return item?.playback.state === 'processing' ? undefined : item?.playback.state;
    });
    expect(state).toBe('ready');
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  } finally {
    worker.child.kill('SIGKILL');
    await server.stop();
  }
}, 120_000);

async function until<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
