import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completedAlbum } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

// PRODUCT.md: guests may download and share the copies they see, unless the host turns guest
// downloads off. The switch is the customization's `enable_guest_downloads`, on every plan.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('enable_guest_downloads', () => {
  it('is on by default, saved and read back on the cheapest plan, and reaches the album guests open', async () => {
    const album = await completedAlbum(server, ['price_basic_lifetime']);
    const { token, customizationId } = album.host;
    const read = () => server.request('GET', `/api/customizations/${customizationId}`, { token });
    const guestView = () => server.request('GET', `/api/albums/code/${album.accessCode}`);

    expect((await read()).body.data.enable_guest_downloads).toBe(true);
    expect((await guestView()).body.data.guestDownloads).toBe(true);
    const permissions = await server.request('GET', `/api/customizations/${customizationId}/permissions`, { token });
    expect(permissions.body.data.allowedFields).toContainEqual(
      expect.objectContaining({ fieldName: 'enable_guest_downloads', type: 'boolean' }),
    );
    expect(permissions.body.data.currentValues.enable_guest_downloads).toBe(true);

    // The modify screen sends booleans; the spec's clients may send the strings.
    const off = await server.request('PATCH', `/api/customizations/${customizationId}`, {
      token,
      body: { enable_guest_downloads: 'false' },
    });
    expect(off.status).toBe(200);
    expect(off.body.data.rejectedFields).toEqual([]);
    expect(off.body.data.savedFields).toEqual(['enable_guest_downloads']);
    expect(off.body.data.customization.enable_guest_downloads).toBe(false);
    expect((await read()).body.data.enable_guest_downloads).toBe(false);
    expect((await guestView()).body.data.guestDownloads).toBe(false);

    const on = await server.request('PATCH', `/api/customizations/${customizationId}`, {
      token,
      body: { enable_guest_downloads: true },
    });
    expect(on.body.data.customization.enable_guest_downloads).toBe(true);
    expect((await guestView()).body.data.guestDownloads).toBe(true);
  });

  it('refuses a value that is not a boolean, naming the field', async () => {
    const album = await completedAlbum(server);
    const { token, customizationId } = album.host;
    const refused = await server.request('PATCH', `/api/customizations/${customizationId}`, {
      token,
      body: { enable_guest_downloads: 'maybe' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('enable_guest_downloads must be true or false');
  });
});
