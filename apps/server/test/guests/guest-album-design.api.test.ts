import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-server.js';
import { completedAlbum, joinAlbum } from './guest-factories.js';

/** Guests see the album the host designed (PRODUCT.md, "What guests see of the host's work"). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('the album a guest code opens', () => {
  it("carries the host's cover, place, welcome text, itinerary and music, and follows the host's edits", async () => {
    const album = await completedAlbum(server, ['price_plus_lifetime']);
    const { token, customizationId } = album.host;
    const patched = await server.request('PATCH', `/api/customizations/${customizationId}`, {
      token,
      body: {
        event_description: 'Gracias por acompañarnos.\nComparte tus fotos.',
        cover_image_url: '/uploads/covers/portada.jpg',
        music_url: 'https://cdn.example.com/vals.mp3',
        font_type: 'Palatino Linotype',
      },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    for (const [hora, titulo] of [
      ['20:00', 'Cena'],
      ['17:00', 'Ceremonia'],
    ] as const) {
      const entry = await server.request('POST', `/api/customizations/${customizationId}/itinerary`, {
        token,
        body: { icono: 'Church', hora, titulo, ubicacion: 'Parroquia' },
      });
      expect(entry.status).toBe(200);
    }

    const opened = await server.request('GET', `/api/albums/code/${album.accessCode}`);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({
      name: 'Boda de Ana y Luis',
      location: 'Oaxaca',
      description: 'Gracias por acompañarnos.\nComparte tus fotos.',
      coverImageUrl: '/uploads/covers/portada.jpg',
      fontFamily: 'Palatino Linotype',
      music: { kind: 'audio', url: 'https://cdn.example.com/vals.mp3' },
      guestDownloads: true,
    });
    // In the host's order, which is the order they were added in.
    expect(opened.body.data.itinerary.map((entry: { title: string }) => entry.title)).toEqual(['Cena', 'Ceremonia']);
    expect(opened.body.data.itinerary[0]).toMatchObject({ icon: 'Church', time: '20:00', location: 'Parroquia' });

    // A change the host makes reaches guests at once, past every server's album cache.
    const entryId = opened.body.data.itinerary[0].id as string;
    const removed = await server.request('DELETE', `/api/customizations/${customizationId}/itinerary/${entryId}`, {
      token,
    });
    expect(removed.status).toBeLessThan(300);
    await server.app.services.albumEvents.settled();
    const again = await server.request('GET', `/api/albums/code/${album.accessCode}`);
    expect(again.body.data.itinerary.map((entry: { title: string }) => entry.title)).toEqual(['Ceremonia']);
  });

  it('gives a style written in words as text, and no music when there is none', async () => {
    const album = await completedAlbum(server, ['price_plus_lifetime']);
    const opened = await server.request('GET', `/api/albums/code/${album.accessCode}`);
    expect(opened.body.data.music).toEqual({ kind: 'none' });
    await server.request('PATCH', `/api/customizations/${album.host.customizationId}`, {
      token: album.host.token,
      body: { music_url: 'Boleros' },
    });
    const token = await joinAlbum(server, album);
    expect(token).toBeTruthy();
    const again = await server.request('GET', `/api/albums/code/${album.accessCode}`);
    expect(again.body.data.music).toEqual({ kind: 'text', text: 'Boleros' });
  });
});
