import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventPaths } from '@momentos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedAlbum, joinAsGuest, sampleJpeg, uploadAsGuest } from '../../../../e2e/support/album-fixture.js';
import { freePort, startProductServer } from '../../../../e2e/support/product-server.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openStream } from '../support/event-stream.js';
import { startLocalS3, type LocalS3 } from '../support/s3-server.js';
import { freshTestDatabaseUrl, openTestDatabase } from '../test-database.js';

/**
 * Two servers on one database and one object store, as behind a load balancer: a photo uploaded
 * through A arrives live on a stream opened on B, and a rate limit counts requests to both.
 * With TEST_DB=postgres they are two real server processes on a fresh PostgreSQL database; with
 * TEST_DB=pglite (an embedded database no second process can open) two app instances in this
 * process share the one PGlite handle, so the fan-out still goes through the database's
 * LISTEN/NOTIFY and the limit through its rows, never through one instance's memory.
 */
interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

let s3: LocalS3;
const servers: RunningServer[] = [];
const cleanups: (() => Promise<void>)[] = [];
let mode = '';

async function startTwoServers(env: Record<string, string>): Promise<[RunningServer, RunningServer]> {
  const databaseUrl = await freshTestDatabaseUrl();
  if (databaseUrl) {
    mode = 'two processes on PostgreSQL';
    const processEnv = { ...env, DATABASE_URL: databaseUrl };
    // One after the other: both would run the migrations at once otherwise.
    const a = await startProductServer(processEnv);
    const b = await startProductServer(processEnv);
    return [a, b];
  }
  mode = 'two app instances on one PGlite';
  const database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-two-servers-'));
  cleanups.push(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const start = async (): Promise<RunningServer> => {
    // Checkout accepts only return addresses on PUBLIC_URL, so the port is chosen first.
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', EXAMPLE_ALBUM: 'off', PUBLIC_URL: url, DATA_DIR: dataDir, ...env });
    const app = await buildApp({ config, database });
    await app.listen({ port, host: '127.0.0.1' });
    return { url, stop: async () => void (await app.close()) };
  };
  return [await start(), await start()];
}

beforeAll(async () => {
  s3 = await startLocalS3();
  const env = {
    ...s3.env,
    WEB_DIST_DIR: '',
    MEDIA_URL_SECRET: 'two-servers-signing-key-0123456789abcdef',
    ALBUM_CODE_RATE_LIMIT_PER_IP: '5',
  };
  servers.push(...(await startTwoServers(env)));
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  for (const cleanup of cleanups) await cleanup();
  await s3?.close();
});


async function until(predicate: () => boolean, what: () => string, timeoutMs = 5000) {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out (${mode}): ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('two servers on one database and one object store', () => {
  it('delivers a photo uploaded through A live to a guest watching B, with its files readable through B', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const album = await finishedAlbum(a.url, 'premium');
    const token = await joinAsGuest(album);
    const stream = await openStream(b.url, album.albumId, `?code=${album.accessCode}`);
    expect(stream.response.status).toBe(200);
    await until(() => stream.text().startsWith(': connected'), stream.text);

    const photo = await uploadAsGuest(album, token, await sampleJpeg(7));
    expect(photo.status).toBe('approved');
    await until(() => stream.photoIds().length > 0, stream.text);
    expect(stream.photoIds()).toEqual([photo.id]);
    await stream.close();

    // B lists the photo and serves its thumbnail from the shared object store.
    const listed = await fetch(`${b.url}/api/albums/${album.albumId}/photos`, { headers: { 'x-guest-token': token } });
    expect(listed.status).toBe(200);
    const items = ((await listed.json()) as { data: { items: { id: string; thumbnailUrl: string }[] } }).data.items;
    expect(items.map((item) => item.id)).toEqual([photo.id]);
    // The signed URL may be absolute (PUBLIC_URL of A) or relative: B must serve it either way.
    const thumbnailPath = items[0]!.thumbnailUrl.replace(/^https?:\/\/[^/]+/, '');
    const picture = await fetch(`${b.url}${thumbnailPath}`, { headers: { 'x-guest-token': token } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);
  });

  it("announces on A a photo the host approves through B (moderated album, uploaded through A)", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const album = await finishedAlbum(a.url, 'premium', { enable_verification: true });
    const token = await joinAsGuest(album);
    const stream = await openStream(a.url, album.albumId, `?code=${album.accessCode}`);
    await until(() => stream.text().startsWith(': connected'), stream.text);
    const pending = await uploadAsGuest(album, token, await sampleJpeg(8));
    expect(pending.status).toBe('pending');
    const approved = await fetch(`${b.url}${eventPaths.moderation(album.albumId, pending.id)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${album.host.session.access_token}` },
      body: JSON.stringify({ action: 'approve' }),
    });
    expect(approved.status).toBe(200);
    await until(() => stream.photoIds().length > 0, stream.text);
    expect(stream.photoIds()).toEqual([pending.id]);
    await stream.close();
  });

  it('counts a rate limit across both servers: 3 code lookups on A and 3 on B make the sixth a 429', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const lookups: number[] = [];
    for (const server of [a, a, a, b, b, b]) lookups.push((await fetch(`${server.url}/api/albums/code/000000`)).status);
    expect(lookups.slice(0, 5)).not.toContain(429);
    expect(lookups[5]).toBe(429);
  });
});
