import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostWithCustomer, hostWithCustomization } from '../factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('itinerary', () => {
  it('adds, edits, reorders and deletes entries of the owner only', async () => {
    const host = await hostWithCustomization(server);
    const base = `/api/customizations/${host.customizationId}/itinerary`;
    const add = (body: object) => server.request('POST', base, { token: host.token, body });
    const ceremony = (
      await add({ icono: 'Church', hora: '16:00', titulo: 'Ceremonia', ubicacion: 'Parroquia San José' })
    ).body.data;
    const dinner = (
      await add({ icono: 'Utensils', hora: '20:30', titulo: 'Cena', descripcion: 'Menú de tres tiempos' })
    ).body.data;
    expect(ceremony).toMatchObject({
      icono: 'Church',
      hora: '16:00',
      titulo: 'Ceremonia',
      descripcion: '',
      ubicacion: 'Parroquia San José',
    });

    const edited = await server.request('PUT', `${base}/${dinner.id}`, {
      token: host.token,
      body: { icono: 'Wine', hora: '21:00', titulo: 'Cena y brindis' },
    });
    expect(edited.body.data).toMatchObject({ icono: 'Wine', hora: '21:00', titulo: 'Cena y brindis' });

    const reordered = await server.request('PUT', `${base}/order`, {
      token: host.token,
      body: { ids: [dinner.id, ceremony.id] },
    });
    expect(reordered.body.data.map((entry: { titulo: string }) => entry.titulo)).toEqual([
      'Cena y brindis',
      'Ceremonia',
    ]);

    expect((await server.request('DELETE', `${base}/${ceremony.id}`, { token: host.token })).status).toBe(200);
    expect((await server.request('GET', base, { token: host.token })).body.data).toHaveLength(1);

    const stranger = await hostWithCustomer(server);
    expect(
      (
        await server.request('POST', base, {
          token: stranger.token,
          body: { icono: 'Cake', hora: '23:00', titulo: 'Pastel' },
        })
      ).status,
    ).toBe(404);
  });

  it('refuses an unknown icon, a bad time and an empty title', async () => {
    const host = await hostWithCustomization(server);
    const base = `/api/customizations/${host.customizationId}/itinerary`;
    for (const body of [
      { icono: 'Rocket', hora: '10:00', titulo: 'X' },
      { icono: 'Cake', hora: '25:00', titulo: 'X' },
      { icono: 'Cake', hora: '10:00', titulo: '  ' },
    ]) {
      expect((await server.request('POST', base, { token: host.token, body })).status).toBe(400);
    }
  });
});
