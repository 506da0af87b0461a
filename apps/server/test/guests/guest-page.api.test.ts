import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customizations } from '../../src/db/schema/index.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { completedAlbum, directWriteHeard } from './guest-factories.js';

// A built index.html reduced to the guest page's template (apps/web/first-paint/shell.html's markers).
const INDEX = [
  '<!doctype html><html lang="es"><head><title>Momentos</title></head><body><div id="root"><section>',
  '<!--album-header--><!--album-fonts--><style data-album-font="Arimo">@font-face{arimo}</style><style data-album-font="Gelasio">@font-face{gelasio}</style><!--/album-fonts-->',
  '<header><!--album-cover--><img src="%ALBUM_COVER%" alt=""><!--/album-cover--><p style="font-family:%ALBUM_FONT%">%ALBUM_NAME%</p>',
  '<!--album-place--><p class="place">%ALBUM_PLACE%</p><!--/album-place-->',
  '<!--album-date--><p><span data-l="es">%ALBUM_DATE_ES%</span><span data-l="en">%ALBUM_DATE_EN%</span></p><!--/album-date--></header><!--/album-header-->',
  '<!--album-loading--><div>Cargando tu álbum…</div><!--/album-loading-->',
  '</section></div></body></html>',
].join('');

let distDir: string;
let server: TestServer;
beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-dist-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), INDEX);
  server = await startTestServer({
    env: { WEB_DIST_DIR: distDir, ALBUM_CODE_RATE_LIMIT_PER_IP: '4', TRUST_PROXY: 'true' },
  });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const page = async (pagePath: string, headers: Record<string, string> = {}) => {
  const response = await fetch(server.url + pagePath, { headers: { accept: 'text/html', ...headers } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/html');
  return response.text();
};
const albumData = (html: string) => {
  const data = /<script type="application\/json" id="guest-album-data">(.*?)<\/script>/.exec(html)?.[1];
  return data ? (JSON.parse(data) as { accessCode: string; album: { id: string; name: string } }) : undefined;
};

describe('GET /guest/{code}: the page a guest opens', () => {
  it("arrives with its album's name, date and data, the name written as text", async () => {
    const album = await completedAlbum(server);
    await server.app.services.database.db
      .update(customizations)
      .set({ eventName: 'Ana & Luis <3' })
      .where(eq(customizations.id, album.host.customizationId));
    await directWriteHeard(server);

    const html = await page(`/guest/${album.accessCode}`, { 'x-forwarded-for': '10.1.0.1' });
    expect(html).toContain('>Ana &amp; Luis &lt;3</p>');
    expect(html).toContain(
      '<span data-l="es">Sábado, 12 de junio de 2027</span><span data-l="en">Saturday, June 12, 2027</span>',
    );
    expect(html).not.toMatch(/Cargando|%ALBUM_|<!--album-/);
    expect(albumData(html)).toMatchObject({
      accessCode: album.accessCode,
      album: { id: album.albumId, name: 'Ana & Luis <3' },
    });
    // Compressed like every page, and the same with no compression asked for.
    const plain = await fetch(`${server.url}/guest/${album.accessCode}`, {
      headers: { accept: 'text/html', 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('>Ana &amp; Luis &lt;3</p>');
  });

  it("draws the host's cover, place and font as the host saved them, the font's faces in the head", async () => {
    const album = await completedAlbum(server, ['price_plus_lifetime']);
    const saved = await server.request('PATCH', `/api/customizations/${album.host.customizationId}`, {
      token: album.host.token,
      body: {
        cover_image_url: '/uploads/covers/portada.webp',
        font_type: 'Georgia',
        event_location: 'Jardín "La Ceiba" & Salón',
      },
    });
    expect(saved.status).toBe(200);

    const html = await page(`/guest/${album.accessCode}`, { 'x-forwarded-for': '10.3.0.1' });
    expect(html).toContain('<img src="/uploads/covers/portada.webp" alt="">');
    expect(html).toContain('<p class="place">Jardín &quot;La Ceiba&quot; &amp; Salón</p>');
    expect(html).toContain('<p style="font-family:&quot;Gelasio&quot;, &quot;Georgia&quot;, serif">');
    expect(html).toContain(
      '<head><title>Momentos</title><style data-album-font="Gelasio">@font-face{gelasio}</style></head>',
    );
    expect(html).not.toContain('arimo');
  });

  it('keeps the loading card and holds no album for an unknown code, and no page shows the template', async () => {
    for (const html of [await page('/guest/000000'), await page('/'), await page('/auth')]) {
      expect(html).toContain('Cargando tu álbum…');
      expect(html).not.toMatch(/%ALBUM_|<!--album-header|guest-album-data|data-album-font/);
    }
  });

  it('shares the code look-up limit: wrong codes count, and past it the page comes without the album (the app then says why)', async () => {
    const album = await completedAlbum(server);
    const address = { 'x-forwarded-for': '10.2.0.1' };
    const seen = [];
    // More visits with the right code than the limit (4): a whole party behind one address.
    for (let visit = 0; visit < 6; visit += 1)
      seen.push(albumData(await page(`/guest/${album.accessCode}`, address)) !== undefined);
    expect(seen).toEqual([true, true, true, true, true, true]);
    for (const wrong of ['000001', '000002', '000003', '000004']) await page(`/guest/${wrong}`, address);
    expect(albumData(await page(`/guest/${album.accessCode}`, address))).toBeUndefined();
    const api = await fetch(`${server.url}/api/albums/code/${album.accessCode}`, { headers: address });
    expect(api.status).toBe(429);
  });
});
