import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPaths } from '@momentos/contract';
import { hostWithCustomer, payOrder } from '../factories.js';
import {
  completedAlbum,
  enableVerification,
  joinAlbum,
  jpeg,
  patchSnapshot,
  uploadPhoto,
} from '../guests/guest-factories.js';
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

async function upload(albumId: string, token: string, seed: number) {
  const response = await uploadPhoto(server, albumId, token, await jpeg(seed));
  if (response.status !== 201) throw new Error(`upload failed: ${response.status}`);
  return ((await response.json()) as { data: { id: string } }).data.id;
}
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
      numeroMensajes: null,
      secciones: null,
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
});

describe('GET /api/events/photos/{id}', () => {
  it('pages every photo (pending and hidden too) newest first, with likes and comments', async () => {
    const album = await completedAlbum(server);
    await enableVerification(server, album.host.customizationId);
    await patchSnapshot(server, album.albumId, {});
    const guest = await joinAlbum(server, album, 'Ana');
    const ids = [];
    for (let seed = 10; seed < 13; seed++) ids.push(await upload(album.albumId, guest, seed));
    const token = album.host.token;
    const first = await server.request('GET', eventPaths.photos(album.albumId), { token });
    expect(first.body.data.totalCount).toBe(3);
    expect(first.body.data.items.map((p: { id: string }) => p.id)).toEqual([...ids].reverse());
    expect(first.body.data.items[0]).toMatchObject({
      state: 'pending',
      kind: 'photo',
      uploadedByName: 'Tía Carmen',
      likes: [],
      comentarios: [],
    });
    const page = await server.request('GET', `${eventPaths.photos(album.albumId)}?page=2&pageSize=2`, { token });
    expect(page.body.data).toMatchObject({ totalCount: 3, items: [{ id: ids[0] }] });
    // The signed URLs work without headers, pending photos included.
    const item = first.body.data.items[0];
    for (const url of [item.urlFoto, item.thumbnail, item.originalUrl])
      expect((await fetch(server.url + url)).status, url).toBe(200);
    const original = await fetch(server.url + item.originalUrl);
    expect(Buffer.from(await original.arrayBuffer())).toEqual(await jpeg(12));
  });
});

describe('moderation', () => {
  it('approves, hides, unhides and deletes photos; deletes comments', async () => {
    const album = await completedAlbum(server);
    await enableVerification(server, album.host.customizationId);
    const guest = await joinAlbum(server, album, 'Ana');
    const pending = await upload(album.albumId, guest, 20);
    const token = album.host.token;
    const guestList = async () =>
      (
        await server.request('GET', `/api/albums/${album.albumId}/photos`, {
          headers: { 'x-album-code': album.accessCode },
        })
      ).body.data.items.map((p: { id: string }) => p.id);
    expect(await guestList()).toEqual([]);

    const moderate = (action: string, photoId = pending) =>
      server.request('POST', eventPaths.moderation(album.albumId, photoId), { token, body: { action } });
    expect((await moderate('approve')).body).toEqual({ success: true, data: { id: pending, state: 'approved' } });
    expect(await guestList()).toEqual([pending]);
    const guestItem = (
      await server.request('GET', `/api/albums/${album.albumId}/photos`, {
        headers: { 'x-album-code': album.accessCode },
      })
    ).body.data.items[0];
    expect((await moderate('unhide')).status).toBe(409);
    expect((await moderate('hide')).body.data.state).toBe('hidden');
    expect(await guestList()).toEqual([]);
    // A guest's signed URLs, valid for another hour, stop showing it at once; the host's own still do.
    for (const url of [guestItem.thumbnailUrl, guestItem.displayUrl])
      expect((await fetch(server.url + url)).status, url).toBe(404);
    const hostItem = (await server.request('GET', eventPaths.photos(album.albumId), { token })).body.data.items[0];
    for (const url of [hostItem.thumbnail, hostItem.urlFoto])
      expect((await fetch(server.url + url)).status, url).toBe(200);
    expect(hostItem.thumbnail).toContain('owner=1');
    // Hidden even from the guest who uploaded it.
    expect(
      (await server.request('GET', `/api/albums/${album.albumId}/photos`, { headers: { 'x-guest-token': guest } })).body
        .data.items,
    ).toEqual([]);
    expect(
      (await server.request('GET', `${eventPaths.photos(album.albumId)}?state=hidden`, { token })).body.data.totalCount,
    ).toBe(1);
    expect((await moderate('unhide')).body.data.state).toBe('approved');
    expect(await guestList()).toEqual([pending]);
    expect((await moderate('bogus')).status).toBe(400);
    expect((await moderate('approve', ZERO)).status).toBe(404);

    const comment = await server.request('POST', `/api/albums/${album.albumId}/photos/${pending}/comments`, {
      headers: { 'x-guest-token': guest },
      body: { text: 'qué bonita' },
    });
    expect(
      (await server.request('DELETE', eventPaths.comment(album.albumId, comment.body.data.id), { token })).status,
    ).toBe(200);
    expect(
      (
        await server.request('GET', `/api/albums/${album.albumId}/photos/${pending}/comments`, {
          headers: { 'x-guest-token': guest },
        })
      ).body.data.items,
    ).toEqual([]);
    expect(
      (await server.request('DELETE', eventPaths.comment(album.albumId, comment.body.data.id), { token })).status,
    ).toBe(404);

    const before = await listFiles(path.join(dataDir, 'media', 'albums', album.albumId));
    expect(before.length).toBe(3);
    expect((await server.request('DELETE', eventPaths.photo(album.albumId, pending), { token })).body).toEqual({
      success: true,
    });
    expect(await listFiles(path.join(dataDir, 'media', 'albums', album.albumId))).toEqual([]);
    expect((await server.request('GET', eventPaths.photos(album.albumId), { token })).body.data.totalCount).toBe(0);
    expect((await server.request('DELETE', eventPaths.photo(album.albumId, pending), { token })).status).toBe(404);
  });
});

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}
