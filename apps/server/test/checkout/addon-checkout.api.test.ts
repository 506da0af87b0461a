import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPaths } from '@momentos/contract';
import { albums, orders } from '../../src/db/schema/index.js';
import { CANCEL_URL, hostWithCustomer, registerUser, startCheckout, SUCCESS_URL, TEST_CARD } from '../factories.js';
import { completedAlbum, joinAlbum, jpeg, uploadPhoto } from '../guests/guest-factories.js';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.js';
import { startTestServer, type TestServer } from '../test-server.js';

const RETURN = 'http://momentos.test/album-detail/x?addon_session={CHECKOUT_SESSION_ID}';
const addonBody = { addon: 'album_download', successUrl: RETURN, cancelUrl: CANCEL_URL };

const snapshotOf = async (server: TestServer, albumId: string) =>
  (await server.app.services.database.db.select().from(albums).where(eq(albums.id, albumId)))[0]!.packageSnapshot;
const ordersOf = (server: TestServer, userId: string) =>
  server.app.services.database.db.select().from(orders).where(eq(orders.userId, userId));
const zipStatus = async (server: TestServer, albumId: string, token: string) => [
  (await server.request('GET', eventPaths.downloadZip(albumId), { token })).status,
  (await server.request('GET', eventPaths.downloadLink(albumId), { token })).status,
];

/** Pays a sandbox session with a card on its hosted page, as the host's browser would. */
async function payOnSandbox(server: TestServer, url: string, card = TEST_CARD) {
  return fetch(`${server.url}${new URL(url).pathname}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: card, expiry: '12/34', cvc: '123' }).toString(),
  });
}

describe('buying the ZIP download for an existing album (sandbox)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('sells a Basic host the add-on alone: 403 before, paid in the sandbox, 200 after; replaying changes nothing', async () => {
    const album = await completedAlbum(server, ['price_basic_lifetime']);
    const token = album.host.token;
    const guest = await joinAlbum(server, album);
    expect((await uploadPhoto(server, album.albumId, guest, await jpeg(31))).status).toBe(201);
    expect(await zipStatus(server, album.albumId, token)).toEqual([403, 403]);

    const started = await server.request('POST', eventPaths.addonCheckout(album.albumId), { token, body: addonBody });
    expect(started.status).toBe(200);
    const { url, sessionId, orderId } = started.body.data;
    expect(new URL(url).pathname).toBe(`/sandbox/checkout/${sessionId}`);
    const [order] = (await ordersOf(server, album.host.user.id)).filter((row) => row.id === orderId);
    expect(order).toMatchObject({
      paymentStatus: 'pending',
      priceMinor: 299,
      billingType: 'one_time',
      redeemed: false,
    });
    // Not paid yet (and a declined card changes nothing): still no download.
    expect((await payOnSandbox(server, url, '4000000000000002')).status).toBe(402);
    expect(await zipStatus(server, album.albumId, token)).toEqual([403, 403]);

    const paid = await payOnSandbox(server, url);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(RETURN.replace('{CHECKOUT_SESSION_ID}', sessionId));
    expect((await snapshotOf(server, album.albumId)).addons).toEqual(['album_download']);
    expect(await zipStatus(server, album.albumId, token)).toEqual([200, 200]);
    const details = await server.request('GET', eventPaths.details(album.albumId), { token });
    expect(details.body.data.habilidades.zipDownload).toBe(true);
    const permissions = await server.request('GET', `/api/customizations/${album.host.customizationId}/permissions`, {
      token,
    });
    expect(permissions.body.data.allowedFields.map((field: { fieldName: string }) => field.fieldName)).toContain(
      'enable_zip_download',
    );
    // The modify screen's "Descarga ZIP" reads the customization: it says on, as Detalles does.
    expect(permissions.body.data.currentValues.enable_zip_download).toBe(true);
    const customization = await server.request('GET', `/api/customizations/${album.host.customizationId}`, { token });
    expect(customization.body.data.enable_zip_download).toBe(true);

    // The host comes back and the page verifies the session, twice: nothing more changes.
    const before = {
      snapshot: await snapshotOf(server, album.albumId),
      orders: await ordersOf(server, album.host.user.id),
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      const verified = await server.request('GET', `/api/stripe/verify-session/${sessionId}`, { token });
      expect(verified.status).toBe(200);
      expect(verified.body.data).toMatchObject({ orderId, amountTotal: 299, paymentStatus: 'paid' });
    }
    expect(await snapshotOf(server, album.albumId)).toEqual(before.snapshot);
    expect(await ordersOf(server, album.host.user.id)).toEqual(before.orders);
    // The add-on order is used up by its album: it cannot start another album.
    expect(before.orders.find((row) => row.id === orderId)).toMatchObject({
      paymentStatus: 'completed',
      redeemed: true,
    });
    const start = await server.request('POST', '/api/customizations/start', { token, body: { orderId } });
    expect(start.status).toBe(409);

    // Bought once: a second purchase is refused.
    const again = await server.request('POST', eventPaths.addonCheckout(album.albumId), { token, body: addonBody });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ADDON_ALREADY_ACTIVE');
  });

  it("refuses another host's album, a plan that includes the ZIP, and return addresses off the site", async () => {
    const plus = await completedAlbum(server, ['price_plus_lifetime']);
    const stranger = await registerUser(server);
    const other = await server.request('POST', eventPaths.addonCheckout(plus.albumId), {
      token: stranger.session.access_token,
      body: addonBody,
    });
    expect(other.status).toBe(404);
    const offSite = await server.request('POST', eventPaths.addonCheckout(plus.albumId), {
      token: plus.host.token,
      body: { ...addonBody, successUrl: 'https://evil.example/steal' },
    });
    expect(offSite.body.code).toBe('INVALID_REDIRECT_URL');
    const premium = await completedAlbum(server, ['price_premium_lifetime']);
    const included = await server.request('POST', eventPaths.addonCheckout(premium.albumId), {
      token: premium.host.token,
      body: addonBody,
    });
    expect(included.status).toBe(400);
    expect(included.body.code).toBe('ADDON_NOT_COMPATIBLE');
    const withPlan = await completedAlbum(server, ['price_plus_lifetime', 'price_addon_album_download']);
    const owned = await server.request('POST', eventPaths.addonCheckout(withPlan.albumId), {
      token: withPlan.host.token,
      body: addonBody,
    });
    expect(owned.body.code).toBe('ADDON_ALREADY_ACTIVE');
    const unknown = await server.request('POST', eventPaths.addonCheckout(plus.albumId), {
      token: plus.host.token,
      body: { ...addonBody, addon: 'extra_guests' },
    });
    expect(unknown.status).toBe(400);
  });
});

describe('buying the ZIP download for an existing album (Stripe)', () => {
  const WEBHOOK_SECRET = 'whsec_addon_secret';
  const signer = new Stripe('sk_test_signer');
  let fake: FakeStripe;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startFakeStripe({ price_basic_lifetime: 995, price_addon_album_download: 299 });
    server = await startTestServer({
      env: { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  function sendWebhook(id: string, sessionId: string) {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: sessionId, object: 'checkout.session' } },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return server.request('POST', '/api/stripe/webhook', {
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  }

  it('opens a Checkout Session in payment mode for the add-on alone and applies it from the webhook once', async () => {
    const host = await hostWithCustomer(server);
    const { sessionId: planSession, orderId: planOrder } = (await startCheckout(server, host, ['price_basic_lifetime']))
      .body.data;
    fake.markSessionPaid(planSession);
    expect(
      (await server.request('GET', `/api/stripe/verify-session/${planSession}`, { token: host.token })).status,
    ).toBe(200);
    const customizationId = (
      await server.request('POST', '/api/customizations/start', { token: host.token, body: { orderId: planOrder } })
    ).body.data.id;
    await server.request('PATCH', `/api/customizations/${customizationId}`, {
      token: host.token,
      body: { event_name: 'Boda', event_date: '2027-06-12', event_location: 'Oaxaca' },
    });
    const albumId = (
      await server.request('POST', `/api/customizations/${customizationId}/complete`, { token: host.token })
    ).body.data.albumId;
    expect((await server.request('GET', eventPaths.downloadZip(albumId), { token: host.token })).status).toBe(403);

    const started = await server.request('POST', eventPaths.addonCheckout(albumId), {
      token: host.token,
      body: { ...addonBody, successUrl: SUCCESS_URL },
    });
    expect(started.status).toBe(200);
    const session = fake.store.sessions.get(started.body.data.sessionId)!;
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 299,
      customer: host.customerId,
      metadata: { albumId, addon: 'album_download' },
    });
    expect(session.line_items_requested).toMatchObject([{ price: 'price_addon_album_download' }]);

    // Stripe says paid only through its own records: the webhook re-reads the session.
    expect((await sendWebhook('evt_addon_early', session.id)).status).toBe(200);
    expect((await snapshotOf(server, albumId)).addons).toEqual([]);
    fake.markSessionPaid(session.id);
    const applied = [];
    for (const id of ['evt_addon_paid', 'evt_addon_paid', 'evt_addon_paid_again'])
      applied.push((await sendWebhook(id, session.id)).body.applied);
    expect(applied).toEqual([true, false, true]);
    expect((await snapshotOf(server, albumId)).addons).toEqual(['album_download']);
    expect((await server.request('GET', eventPaths.downloadZip(albumId), { token: host.token })).status).toBe(200);
  });
});
