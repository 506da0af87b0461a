import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customizations } from '../../src/db/schema/index.js';
import { hostWithCustomization } from '../factories.js';
import { completedAlbum } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

/**
 * The album pages load the cover and the music only from the site and https origins (the CSP in
 * platform/http/security.ts): an address they would block is refused when saved, not found broken later.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Host = { token: string; customizationId: string };
const patch = (host: Host, body: object) =>
  server.request('PATCH', `/api/customizations/${host.customizationId}`, { token: host.token, body });
const read = async (host: Host) =>
  (await server.request('GET', `/api/customizations/${host.customizationId}`, { token: host.token })).body.data;

describe('addresses the album pages cannot load', () => {
  it('refuses a cover or music over http or another scheme with URL_NOT_HTTPS, and saves nothing of that request', async () => {
    const host = await hostWithCustomization(server, ['price_plus_lifetime']);
    // What the pages load stays welcome: https, our uploads, and music described in words.
    for (const body of [
      { cover_image_url: '/uploads/covers/portada.webp', music_url: 'Jazz: suave' },
      { cover_image_url: 'https://cdn.example.com/portada.jpg', music_url: 'https://open.spotify.com/track/1' },
    ]) {
      const response = await patch(host, body);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    }

    const refused = [
      { cover_image_url: 'http://fotos.example.com/portada.jpg' },
      { cover_image_url: '  HTTP://FOTOS.EXAMPLE.COM/portada.jpg' },
      { cover_image_url: 'ftp://fotos.example.com/portada.jpg' },
      { cover_image_url: 'data:image/png;base64,iVBORw0KGgo=' },
      { cover_image_url: 'javascript:alert(1)' },
      { music_url: 'http://musica.example.com/vals.mp3' },
      { music_url: 'http:musica.example.com/vals.mp3' },
      { music_url: 'ftp://musica.example.com/vals.mp3' },
    ];
    for (const body of refused) {
      const response = await patch(host, { event_name: 'Boda de Ana y Luis', ...body });
      const [field] = Object.keys(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'URL_NOT_HTTPS' });
      expect(response.body.message).toContain(`${field}: must be an https:// address`);
    }
    expect(await read(host)).toMatchObject({
      event_name: '',
      cover_image_url: 'https://cdn.example.com/portada.jpg',
      music_url: 'https://open.spotify.com/track/1',
    });
  });

  it('keeps VALIDATION_ERROR when another rule fails beside the address', async () => {
    const host = await hostWithCustomization(server);
    const response = await patch(host, { event_name: 'Boda\u0000', cover_image_url: 'http://example.com/a.jpg' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.message).toContain('cover_image_url');
  });

  it('reads, edits and shows guests an album whose http addresses were stored before the rule', async () => {
    const album = await completedAlbum(server, ['price_plus_lifetime']);
    const host = album.host;
    await server.app.services.database.db
      .update(customizations)
      .set({ coverImageUrl: 'http://fotos.example.com/portada.jpg', musicUrl: 'http://musica.example.com/vals.mp3' })
      .where(eq(customizations.id, host.customizationId));

    expect(await read(host)).toMatchObject({ cover_image_url: 'http://fotos.example.com/portada.jpg' });
    const permissions = await server.request('GET', `/api/customizations/${host.customizationId}/permissions`, {
      token: host.token,
    });
    expect(permissions.status).toBe(200);
    expect((await server.request('GET', '/api/events/cliente', { token: host.token })).status).toBe(200);
    // The other fields still save; the old address stays until the host replaces it.
    const saved = await patch(host, { event_location: 'Mérida' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.customization).toMatchObject({
      event_location: 'Mérida',
      music_url: 'http://musica.example.com/vals.mp3',
    });

    // Guests get no broken cover, and the music as a link to open rather than a player the page would block.
    await server.app.services.albumEvents.settled();
    const opened = await server.request('GET', `/api/albums/code/${album.accessCode}`);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({
      location: 'Mérida',
      coverImageUrl: null,
      music: { kind: 'link', url: 'http://musica.example.com/vals.mp3' },
    });
  });
});
