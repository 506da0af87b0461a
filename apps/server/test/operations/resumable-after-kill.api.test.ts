import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { finishedAlbum, joinAsGuest } from '../../../../e2e/support/album-fixture.js';
import { startProductServer, type ProductServer } from '../../../../e2e/support/product-server.js';
import { freshTestDatabaseUrl, seedDataDir } from '../test-database.js';

/**
 * The server is killed (SIGKILL) while a PATCH of a resumable (tus) upload streams in, so the
 * upload's claim stays in the database with a lease still running. The restarted server knows the
 * holder is gone: the guest's HEAD and PATCH go through at once, and the video is stored whole.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-tus-kill-'));
const servers: ProductServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const MB = 1024 * 1024;
const tusHeaders = (token: string, headers: Record<string, string> = {}) => ({
  'tus-resumable': '1.0.0',
  'x-guest-token': token,
  ...headers,
});

/** Starts a PATCH of `bytes` at offset 0 and sends only the first `sent` of them; the connection stays open. */
function hangingPatch(url: string, token: string, bytes: Buffer, sent: number) {
  const request = http.request(url, {
    method: 'PATCH',
    headers: tusHeaders(token, {
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(bytes.length),
    }),
  });
  const ended = new Promise<void>((resolve) => {
    request.on('error', () => resolve());
    request.on('response', (response) => response.resume().on('end', resolve));
  });
  request.write(bytes.subarray(0, sent));
  return ended;
}

describe('a resumable upload cut by a server crash', () => {
  it('resumes on the restarted server at once, and the video is stored whole', async () => {
    const env: Record<string, string> = {
      WEB_DIST_DIR: '',
      MEDIA_URL_SECRET: 'tus-kill-test-signing-key-0123456789abcdef',
    };
    const url = await freshTestDatabaseUrl();
    if (url) env.DATABASE_URL = url;
    seedDataDir(dataDir);
    const first = await startProductServer(env, dataDir);
    servers.push(first);
    const album = await finishedAlbum(first.url, 'premium');
    const token = await joinAsGuest(album);
    const clip = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/clip.mp4'));
    const file = Buffer.concat([clip, Buffer.alloc(3 * MB, 7)]);

    const created = await fetch(`${first.url}/api/albums/${album.albumId}/uploads`, {
      method: 'POST',
      headers: tusHeaders(token, {
        'upload-length': String(file.length),
        'upload-metadata': `filename ${Buffer.from('fiesta.mp4').toString('base64')}`,
      }),
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;

    const cut = hangingPatch(first.url + location, token, file, MB);
    // The PATCH holds the upload once its headers are in; its bytes are still arriving.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await first.kill();
    await cut;

    const second = await startProductServer(env, dataDir);
    servers.push(second);
    const asked = Date.now();
    const head = await fetch(second.url + location, { method: 'HEAD', headers: tusHeaders(token) });
    const headMs = Date.now() - asked;
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    const rest = await fetch(second.url + location, {
      method: 'PATCH',
      headers: tusHeaders(token, {
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      }),
      body: new Uint8Array(file.subarray(offset)),
    });
    expect(rest.status).toBe(204);
    // HEAD did not wait for the dead holder (it waits up to 3 s for a live one).
    expect(headMs).toBeLessThan(1500);
    const photoId = rest.headers.get('momentos-photo-id');
    expect(photoId).toMatch(/^[0-9a-f-]{36}$/);
    const stored = fs.readFileSync(path.join(dataDir, 'media', 'albums', album.albumId, photoId!, 'original.mp4'));
    expect(stored.equals(file)).toBe(true);
  }, 120_000);
});
