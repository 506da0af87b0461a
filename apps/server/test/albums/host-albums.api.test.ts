import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPaths } from '@momentos/contract';
import { hostWithCustomer, payOrder } from '../factories.js';
import { completedAlbum, joinAlbum, uploadPhoto, uploadedPhoto } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-events-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const upload = async (albumId: string, token: string, seed: number) =>
  (await uploadedPhoto(server, albumId, token, seed)).id;
const ZERO = '00000000-0000-4000-8000-000000000000';

describe('every host endpoint', () => {
  it('answers 401 to an anonymous caller and 404 for another owner’s album', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const guest = await joinAlbum(server, album);
    const photoId = await upload(album.albumId, guest, 1);
    const comment = await server.request('POST', `/api/albums/${album.albumId}/photos/${photoId}/comments`, {
      headers: { 'x-guest-token': guest },
      body: { text: 'hola' },
    });
    const other = await completedAlbum(server, ['price_premium_lifetime']);
    const id = album.albumId;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', eventPaths.details(id)],
      ['GET', eventPaths.photos(id)],
      ['POST', eventPaths.moderation(id, photoId), { action: 'hide' }],
      ['DELETE', eventPaths.photo(id, photoId)],
      ['DELETE', eventPaths.comment(id, comment.body.data.id)],
      ['GET', eventPaths.analytics(id)],
      ['GET', eventPaths.downloadLink(id)],
      ['GET', eventPaths.downloadZip(id)],
      ['GET', `/api/events/${id}/photos/${photoId}/original`],
    ];
    expect((await server.request('GET', eventPaths.cliente)).status).toBe(401);
    for (const [method, url, body] of calls) {
      expect((await server.request(method, url, { body })).status, `${method} ${url} anonymous`).toBe(401);
      expect(
        (await server.request(method, url, { body, token: other.host.token })).status,
        `${method} ${url} other owner`,
      ).toBe(404);
    }
    // Nothing was changed by the refused calls.
    const photos = await server.request('GET', eventPaths.photos(id), { token: album.host.token });
    expect(photos.body.data.items[0]).toMatchObject({
      id: photoId,
      state: 'approved',
      comentarios: [{ text: 'hola' }],
    });
    expect((await server.request('GET', eventPaths.details(ZERO), { token: album.host.token })).status).toBe(404);
  });
});

describe('GET /api/events/cliente', () => {
  it('lists only the caller’s albums and orders, with the order counts', async () => {
    const album = await completedAlbum(server);
    await completedAlbum(server); // someone else's
    const host = { token: album.host.token, customerId: album.host.customerId };
    await payOrder(server, host, ['price_plus_lifetime']); // paid, not redeemed
    const response = await server.request('GET', eventPaths.cliente, { token: album.host.token });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    const { events, orders, summary } = response.body.data;
    expect(events).toEqual([
      {
        id: album.albumId,
        nombre: 'Boda de Ana y Luis',
        estatus: true,
        fechaDeEvento: '2027-06-12',
        fechaCompra: expect.any(String),
        urlImagen: null,
        has_customization: true,
        customization_id: album.host.customizationId,
        // Basic: 7 days after the event.
        uploadsCloseDate: '2027-06-19',
      },
    ]);
    expect(orders).toHaveLength(2);
    expect(summary).toEqual({ totalOrders: 2, completedOrders: 2, pendingOrders: 0, redeemedOrders: 1 });
  });

  it('answers empty lists to a host without albums', async () => {
    const host = await hostWithCustomer(server);
    const response = await server.request('GET', eventPaths.cliente, { token: host.token });
    expect(response.body.data).toEqual({
      events: [],
      orders: [],
      summary: { totalOrders: 0, completedOrders: 0, pendingOrders: 0, redeemedOrders: 0 },
    });
  });
});

describe('GET /api/events/details/{id}', () => {
  it('answers evento, habilidades from the package snapshot, the ordered itinerary and the album figures', async () => {
    const album = await completedAlbum(server);
    const { token, customizationId } = album.host;
    for (const [hora, titulo] of [
      ['18:00', 'Ceremonia'],
      ['20:00', 'Cena'],
    ]) {
      const added = await server.request('POST', `/api/customizations/${customizationId}/itinerary`, {
        token,
        body: { icono: 'Church', hora, titulo, descripcion: '', ubicacion: '' },
      });
      expect(added.status).toBe(200);
    }
    const guest = await joinAlbum(server, album);
    const photoId = await upload(album.albumId, guest, 2);
    await server.request('POST', `/api/albums/${album.albumId}/photos/${photoId}/likes`, {
      headers: { 'x-guest-token': guest },
    });
    const response = await server.request('GET', eventPaths.details(album.albumId), { token });
    expect(response.status).toBe(200);
    const { evento, habilidades, itinerario, consolidado } = response.body.data;
    expect(evento).toMatchObject({
      nombre: 'Boda de Ana y Luis',
      fechaDeEvento: '2027-06-12',
      estatus: true,
      customization_id: customizationId,
      accessCode: album.accessCode,
      guestUrl: `http://momentos.test/guest/${album.accessCode}`,
    });
    expect(habilidades).toMatchObject({
      paquete: 'Basic',
      status: 'active',
      numeroInvitados: 50,
      numeroImagenes: 100,
      numeroVideos: 5,
      unlimitedVideos: false,
      numeroMensajes: 100,
      secciones: 1,
      enableParejas: false,
      verification: false,
      marcaAgua: 'Momentos',
      tipoLetra: 'Arial',
      heightLetra: 16,
      musica: '',
      avisos: true,
      zipDownload: false,
      basicAnalytics: false,
      advancedAnalytics: false,
      unlimitedMessages: false,
      voiceNotes: false,
    });
    expect(habilidades.fechaDeshabilitacion).not.toBeNull();
    expect(itinerario.map((entry: { titulo: string }) => entry.titulo)).toEqual(['Ceremonia', 'Cena']);
    expect(consolidado).toMatchObject({
      photos: 1,
      videos: 0,
      pendingPhotos: 0,
      hiddenPhotos: 0,
      guests: 1,
      likes: 1,
      comments: 0,
      uploadsOpen: true,
      photosLeft: 99,
      guestsLeft: 49,
      videosLeft: 5,
      messages: 0,
      messagesLeft: 100,
      sectionsUsed: 1,
    });
    expect(consolidado.bytesStored).toBeGreaterThan(0);
  });

  it('counts photos and videos apart, each against its own plan limit', async () => {
    const album = await completedAlbum(server);
    const guest = await joinAlbum(server, album);
    await upload(album.albumId, guest, 3);
    await upload(album.albumId, guest, 4);
    const clip = await fs.readFile(path.resolve(import.meta.dirname, '../fixtures/clip.mp4'));
    expect((await uploadPhoto(server, album.albumId, guest, clip, 'clip.mp4')).status).toBe(201);
    const { consolidado } = (
      await server.request('GET', eventPaths.details(album.albumId), { token: album.host.token })
    ).body.data;
    // Basic: 100 photos and 5 video clips.
    expect(consolidado).toMatchObject({ photos: 2, videos: 1, photosLeft: 98, videosLeft: 4 });
  });

  it('answers all five capacities as used of allowed, bought add-ons included, for the Capacidades card', async () => {
    const album = await completedAlbum(server, ['price_basic_lifetime', 'price_addon_extra_videos']);
    const guest = await joinAlbum(server, album);
    await upload(album.albumId, guest, 5);
    const clip = await fs.readFile(path.resolve(import.meta.dirname, '../fixtures/clip.mp4'));
    expect((await uploadPhoto(server, album.albumId, guest, clip, 'clip.mp4')).status).toBe(201);
    const { habilidades, consolidado } = (
      await server.request('GET', eventPaths.details(album.albumId), { token: album.host.token })
    ).body.data;
    expect(habilidades).toMatchObject({
      numeroInvitados: 50,
      numeroImagenes: 100,
      numeroVideos: 15,
      unlimitedVideos: false,
      numeroMensajes: 100,
      secciones: 1,
    });
    expect(consolidado).toMatchObject({ guests: 1, photos: 1, videos: 1, messages: 0, sectionsUsed: 1 });
    const elite = await completedAlbum(server, ['price_elite_monthly']);
    const eliteDetails = (await server.request('GET', eventPaths.details(elite.albumId), { token: elite.host.token }))
      .body.data;
    expect(eliteDetails.habilidades).toMatchObject({ numeroVideos: null, unlimitedVideos: true });
  });
});
