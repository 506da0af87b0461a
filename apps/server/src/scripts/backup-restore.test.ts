import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { finishedAlbum, joinAsGuest, sampleJpeg, uploadAsGuest } from '../../../../e2e/support/album-fixture.js';
import { startProductServer, type ProductServer } from '../../../../e2e/support/product-server.js';

const root = path.resolve(import.meta.dirname, '../../../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-backup-'));
const dataDir = path.join(work, 'data');
const archive = path.join(work, 'backup.tar.gz');
const servers: ProductServer[] = [];

/** Runs `npm run backup` / `npm run restore` the way an operator would, on the embedded setup. */
function runScript(name: 'backup' | 'restore', ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  for (const key of ['DATABASE_URL', 'S3_BUCKET']) delete env[key];
  return spawnSync('node', ['--import', 'tsx', `apps/server/src/scripts/${name}.ts`, ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
}

const start = async () => {
  const server = await startProductServer({ WEB_DIST_DIR: '' }, dataDir);
  servers.push(server);
  return server;
};

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  fs.rmSync(work, { recursive: true, force: true });
});

describe('npm run backup and npm run restore (embedded setup)', () => {
  it('brings back the database and the photos after the data directory is lost', async () => {
    const first = await start();
    const album = await finishedAlbum(first.url, 'basic');
    const token = await joinAsGuest(album);
    await uploadAsGuest(album, token, await sampleJpeg(7, 320, 240));

    const whileRunning = runScript('backup', archive);
    expect(whileRunning.status).toBe(1);
    expect(whileRunning.stderr).toMatch(/Stop it first/);

    await first.stop();
    const backup = runScript('backup', archive);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(fs.statSync(archive).size).toBeGreaterThan(1000);

    fs.rmSync(dataDir, { recursive: true, force: true });
    const restore = runScript('restore', archive);
    expect(restore.status).toBe(0);

    const second = await start();
    const login = await fetch(`${second.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: album.host.email, password: album.host.password }),
    });
    expect(login.status).toBe(200);
    const photos = (await (
      await fetch(`${second.url}/api/albums/${album.albumId}/photos`, { headers: { 'x-album-code': album.accessCode } })
    ).json()) as {
      data: { totalCount: number; items: { thumbnailUrl: string }[] };
    };
    expect(photos.data.totalCount).toBe(1);
    expect((await fetch(second.url + photos.data.items[0]!.thumbnailUrl)).status).toBe(200);
  }, 120_000);

  it('refuses an archive that is not a backup', () => {
    const stray = path.join(work, 'stray.tar.gz');
    fs.writeFileSync(stray, 'not a tarball');
    const restore = runScript('restore', stray);
    expect(restore.status).not.toBe(0);
    // The data directory restored above is untouched by the refused archive.
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
  });
});
