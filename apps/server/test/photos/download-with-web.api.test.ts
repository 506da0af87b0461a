import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventPaths } from '@momentos/contract';
import { completedAlbum, joinAlbum, jpeg, uploadPhoto } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

// With the built web app served (its files go out compressed), the ZIP must still go out
// uncompressed, with its exact length, and honour Range.
let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-download-web-'));
  const webDir = path.join(dataDir, 'web');
  await fs.mkdir(webDir);
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Momentos</title>');
  server = await startTestServer({ env: { DATA_DIR: dataDir, WEB_DIST_DIR: webDir } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

it('sends the ZIP uncompressed with an exact Content-Length beside the web app', async () => {
  const album = await completedAlbum(server, ['price_premium_lifetime']);
  const guest = await joinAlbum(server, album);
  expect((await uploadPhoto(server, album.albumId, guest, await jpeg(7, { width: 300, height: 200 }))).status).toBe(
    201,
  );
  const headers = { authorization: `Bearer ${album.host.token}`, 'accept-encoding': 'gzip, br, deflate' };
  const full = await fetch(server.url + eventPaths.downloadZip(album.albumId), { headers });
  const bytes = Buffer.from(await full.arrayBuffer());
  expect(full.headers.get('content-encoding')).toBeNull();
  expect(Number(full.headers.get('content-length'))).toBe(bytes.length);
  const tail = await fetch(server.url + eventPaths.downloadZip(album.albumId), {
    headers: { ...headers, range: 'bytes=40-' },
  });
  expect(tail.status).toBe(206);
  expect(tail.headers.get('content-encoding')).toBeNull();
  expect(Buffer.compare(Buffer.from(await tail.arrayBuffer()), bytes.subarray(40))).toBe(0);
});
