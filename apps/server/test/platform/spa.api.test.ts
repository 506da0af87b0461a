import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-server.js';

const APP_SCRIPT = `console.log(${JSON.stringify('app '.repeat(500))})`;
let server: TestServer;
let distDir: string;
beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html lang="es"><title>Momentos</title><meta property="og:title" content="Momentos"></html>',
  );
  fs.writeFileSync(path.join(distDir, 'assets', 'app-1234.js'), APP_SCRIPT);
  // As the build writes them (apps/web/build-plugins/precompress-plugin.ts).
  fs.writeFileSync(path.join(distDir, 'assets', 'app-1234.js.br'), zlib.brotliCompressSync(APP_SCRIPT));
  fs.writeFileSync(path.join(distDir, 'assets', 'app-1234.js.gz'), zlib.gzipSync(APP_SCRIPT));
  server = await startTestServer({ env: { WEB_DIST_DIR: distDir, TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers every client route with the app, whatever the Accept header', async () => {
    const routes: Array<[string, string]> = [
      ['/', '*/*'],
      ['/guest/123456', 'text/html'],
      ['/personalization/step-1?orderId=x', '*/*'],
    ];
    for (const [route, accept] of routes) {
      const response = await fetch(`${server.url}${route}`, { headers: { accept } });
      expect(response.status, route).toBe(200);
      expect(await response.text()).toContain('og:title');
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      // fetch asks for gzip and br; the page travels compressed.
      expect(response.headers.get('content-encoding'), route).toMatch(/^(br|gzip)$/);
    }
  });

  it('answers a path no page draws with the app (its not-found screen) and a 404 status', async () => {
    for (const route of ['/pricing', '/guest/482913/extra', '/album-detail/1/card/extra']) {
      const response = await fetch(`${server.url}${route}`, { headers: { accept: 'text/html' } });
      expect(response.status, route).toBe(404);
      expect(await response.text()).toContain('og:title');
    }
  });

  it("tells the first-paint shell the language of the visitor's country, as /api/geo will, else the browser's", async () => {
    const pageFor = async (address: string, acceptLanguage = 'es-MX') =>
      (
        await fetch(`${server.url}/`, { headers: { 'x-forwarded-for': address, 'accept-language': acceptLanguage } })
      ).text();
    expect(await pageFor('8.8.8.8')).toContain('<html data-geo-lang="en" lang="es">');
    expect(await pageFor('189.203.0.1', 'en-US')).toContain('<html data-geo-lang="es" lang="es">');
    expect(await pageFor('10.0.0.1')).toContain('<html data-geo-lang="es" lang="es">');
    // No country for a private address: an English browser starts in English, any other in Spanish.
    expect(await pageFor('10.0.0.1', 'en-US,en;q=0.9')).toContain('<html data-geo-lang="en" lang="es">');
    expect(await pageFor('10.0.0.1', 'fr-FR')).toContain('<html data-geo-lang="es" lang="es">');
  });

  it("sends the build's compressed copy of an asset in the encoding the browser takes", async () => {
    for (const [accepted, sent] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const asset = await fetch(`${server.url}/assets/app-1234.js`, { headers: { 'accept-encoding': accepted } });
      expect(asset.headers.get('content-encoding'), accepted).toBe(sent);
      expect(asset.headers.get('content-type')).toContain('javascript');
      expect(asset.headers.get('vary')).toContain('accept-encoding');
      expect(await asset.text()).toBe(APP_SCRIPT);
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
