import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostWithCustomer, hostWithCustomization, payOrder, startCheckout } from '../factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const patch = (host: { token: string; customizationId: string }, body: object) =>
  server.request('PATCH', `/api/customizations/${host.customizationId}`, { token: host.token, body });

describe('POST /api/customizations/start', () => {
  it('needs an order id, and a paid, unredeemed order of the caller', async () => {
    const host = await hostWithCustomer(server);
    const missing = await server.request('POST', '/api/customizations/start', { token: host.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'ORDER_ID_REQUIRED', message: 'Order ID is required' });

    const { orderId: unpaidOrderId } = (await startCheckout(server, host)).body.data;
    expect(
      (
        await server.request('POST', '/api/customizations/start', {
          token: host.token,
          body: { orderId: unpaidOrderId },
        })
      ).body.code,
    ).toBe('ORDER_NOT_PAID');

    const other = await hostWithCustomer(server);
    const { orderId } = await payOrder(server, other);
    expect(
      (await server.request('POST', '/api/customizations/start', { token: host.token, body: { orderId } })).status,
    ).toBe(404);
    expect(
      (
        await server.request('POST', '/api/customizations/start', {
          token: host.token,
          body: { orderId: 'not-a-uuid' },
        })
      ).status,
    ).toBe(404);
  });

  it('returns the same customization when started twice, with the API defaults', async () => {
    const host = await hostWithCustomization(server);
    const again = await server.request('POST', '/api/customizations/start', {
      token: host.token,
      body: { orderId: host.orderId },
    });
    expect(again.body.data.id).toBe(host.customizationId);
    expect(again.body.data).toMatchObject({
      event_name: '',
      event_date: '',
      font_type: 'Arial',
      font_height: 16,
      enable_notices: true,
      enable_parejas: null,
      enable_verification: false,
      enable_zip_download: false,
      status: 'draft',
      album_id: null,
    });
  });
});

describe('PATCH /api/customizations/{id}', () => {
  it('saves what the plan allows and names what it does not', async () => {
    const host = await hostWithCustomization(server, ['price_basic_lifetime']);
    const response = await patch(host, {
      event_name: 'Boda de Ana y Luis',
      font_type: 'Georgia',
      enable_parejas: 'true',
      enable_notices: 'false',
    });
    expect(response.status).toBe(200);
    expect(response.body.data.rejectedFields.sort()).toEqual(['enable_parejas', 'font_type']);
    expect(response.body.data.customization).toMatchObject({
      event_name: 'Boda de Ana y Luis',
      font_type: 'Arial',
      enable_notices: false,
      enable_parejas: null,
    });
  });

  it('drops empty values and refuses a bad value with a message naming the field', async () => {
    const host = await hostWithCustomization(server);
    await patch(host, { event_name: 'Quince de Sofía' });
    const emptied = await patch(host, { event_name: '', font_height: '20' });
    expect(emptied.body.data.customization).toMatchObject({ event_name: 'Quince de Sofía', font_height: 20 });
    const tooBig = await patch(host, { font_height: 100 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toContain('font_height');
    expect((await patch(host, { event_date: '31/12/2027' })).status).toBe(400);
    expect((await patch(host, { surprise: 1 })).status).toBe(400);
  });
});

describe('validate and complete', () => {
  it('lists the missing required fields and refuses to finalize until they are set', async () => {
    const host = await hostWithCustomization(server);
    await patch(host, { event_name: 'Primera comunión de Mateo' });
    const validation = await server.request('GET', `/api/customizations/${host.customizationId}/validate`, {
      token: host.token,
    });
    expect(validation.body.data).toEqual({
      canFinalize: false,
      missingRequiredFields: ['event_date', 'event_location'],
    });
    const refused = await server.request('POST', `/api/customizations/${host.customizationId}/complete`, {
      token: host.token,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('MISSING_REQUIRED_FIELDS');
    expect(refused.body.message).toContain('event_date, event_location');
  });

  it('creates one album with a 6-digit code, redeems the order, and answers the same when repeated', async () => {
    const host = await hostWithCustomization(server);
    await patch(host, {
      event_name: 'Reunión Familia García',
      event_date: '2027-07-04',
      event_location: 'Guadalajara',
    });
    const [first, second] = await Promise.all([
      server.request('POST', `/api/customizations/${host.customizationId}/complete`, { token: host.token }),
      server.request('POST', `/api/customizations/${host.customizationId}/complete`, { token: host.token }),
    ]);
    expect(first.status).toBe(200);
    expect(first.body.data.accessCode).toMatch(/^\d{6}$/);
    expect(first.body.data.albumUrl).toBe(`http://momentos.test/album/${first.body.data.albumId}`);
    expect(second.body.data).toEqual(first.body.data);
    const third = await server.request('POST', `/api/customizations/${host.customizationId}/complete`, {
      token: host.token,
    });
    expect(third.body.data).toEqual(first.body.data);

    const order = await server.request('GET', `/api/orders/${host.orderId}`, { token: host.token });
    expect(order.body.data.redeemed).toBe(true);
    const restart = await server.request('POST', '/api/customizations/start', {
      token: host.token,
      body: { orderId: host.orderId },
    });
    expect(restart.body.code).toBe('ORDER_ALREADY_REDEEMED');
    const mine = await server.request('GET', '/api/customizations/my-customizations', { token: host.token });
    expect(mine.body.data[0]).toMatchObject({
      status: 'completed',
      access_code: first.body.data.accessCode,
      album_id: first.body.data.albumId,
    });

    const qr = await fetch(`${server.url}/api/albums/${first.body.data.albumId}/qr.png`, {
      headers: { authorization: `Bearer ${host.token}` },
    });
    expect(qr.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await qr.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const svg = await fetch(`${server.url}/api/albums/${first.body.data.albumId}/qr.svg`, {
      headers: { authorization: `Bearer ${host.token}` },
    });
    expect(await svg.text()).toContain('<svg');
  });
});

describe('ownership', () => {
  it("keeps every customization call away from another user's customization", async () => {
    const host = await hostWithCustomization(server);
    const stranger = await hostWithCustomer(server);
    const id = host.customizationId;
    const calls: Array<[string, string, object?]> = [
      ['GET', `/api/customizations/${id}`],
      ['GET', `/api/customizations/${id}/permissions`],
      ['PATCH', `/api/customizations/${id}`, { event_name: 'Hijacked' }],
      ['GET', `/api/customizations/${id}/validate`],
      ['POST', `/api/customizations/${id}/complete`],
      ['GET', `/api/customizations/${id}/itinerary`],
    ];
    for (const [method, path, body] of calls) {
      const response = await server.request(method, path, { token: stranger.token, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await server.request('GET', `/api/customizations/${id}`)).status).toBe(401);
    expect((await server.request('GET', `/api/customizations/${id}`, { token: host.token })).body.data.event_name).toBe(
      '',
    );
  });
});

describe('fonts', () => {
  it('lists the 15 fonts with their option ids and generic family', async () => {
    const host = await hostWithCustomer(server);
    const response = await server.request('GET', '/api/customizations/fonts', { token: host.token });
    expect(response.body.data).toHaveLength(15);
    expect(response.body.data[0]).toEqual({ id: 'arial', name: 'Arial', genericFamily: 'sans' });
  });
});
