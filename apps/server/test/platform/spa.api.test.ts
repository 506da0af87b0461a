import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-server.js';

let server: TestServer;
let distDir: string;
beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Momentos</title><meta property="og:title" content="Momentos">');
  fs.writeFileSync(path.join(distDir, 'assets', 'app-1234.js'), 'console.log("app")');
  server = await startTestServer({ env: { WEB_DIST_DIR: distDir } });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers every client route with the app, whatever the Accept header', async () => {
    const routes: Array<[string, string]> = [['/', '*/*'], ['/guest/123456', 'text/html'], ['/personalization/step-1?orderId=x', '*/*']];
    for (const [route, accept] of routes) {
      const response = await fetch(`${server.url}${route}`, { headers: { accept } });
      expect(response.status, route).toBe(200);
      expect(await response.text()).toContain('og:title');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('caches hashed assets for good, and keeps a missing file and an unknown API path as 404s', async () => {
    const asset = await fetch(`${server.url}/assets/app-1234.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${server.url}/logo-missing.png`)).status).toBe(404);
    const api = await fetch(`${server.url}/api/nothing`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
