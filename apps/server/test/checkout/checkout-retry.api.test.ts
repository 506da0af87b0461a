import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSecret } from '../../../../e2e/support/test-run.js';
import { hostWithCustomer, startCheckout, TEST_CARD } from '../factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

const DECLINED_CARD = '4000000000000002';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The sandbox card form's post, as the buyer's browser sends it from the page at `sessionUrl`. */
function pay(sessionUrl: string, cardNumber: string) {
  recordSecret(cardNumber, 'card number');
  const url = new URL(sessionUrl);
  return fetch(`${server.url}${url.pathname}/pay${url.search}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber, expiry: '12/34', cvc: '123' }).toString(),
  });
}

const ordersOf = async (host: { token: string }) =>
  (await server.request('GET', '/api/orders', { token: host.token })).body.data as Array<{
    id: string;
    payment_status: string;
    checkout_url: string;
  }>;

describe('paying again after a declined card', () => {
  it('reuses the pending order with a new session, and the declined session can no longer be paid', async () => {
    const host = await hostWithCustomer(server);
    const first = (await startCheckout(server, host)).body.data;
    expect((await pay(first.url, DECLINED_CARD)).status).toBe(402);

    const retry = await startCheckout(server, host);
    expect(retry.status).toBe(200);
    expect(retry.body.data.orderId).toBe(first.orderId);
    expect(retry.body.data.sessionId).not.toBe(first.sessionId);
    expect(await ordersOf(host)).toMatchObject([
      { id: first.orderId, payment_status: 'pending', checkout_url: retry.body.data.url },
    ]);

    // The first card page is closed, so one order can never be paid twice.
    expect((await pay(first.url, TEST_CARD)).status).toBe(409);
    expect((await pay(retry.body.data.url, TEST_CARD)).status).toBe(303);
    const verified = await server.request('GET', `/api/stripe/verify-session/${retry.body.data.sessionId}`, {
      token: host.token,
    });
    expect(verified.body.data).toMatchObject({ orderId: first.orderId, paymentStatus: 'paid', amountTotal: 2494 });
    expect(await ordersOf(host)).toMatchObject([{ id: first.orderId, payment_status: 'completed' }]);

    // Once paid, the same cart is a new purchase.
    const next = (await startCheckout(server, host)).body.data;
    expect(next.orderId).not.toBe(first.orderId);
    expect(await ordersOf(host)).toHaveLength(2);
  });

  it('reuses it whatever the order of the add-ons, and makes a new order for another cart', async () => {
    const host = await hostWithCustomer(server);
    const cart = ['price_plus_lifetime', 'price_addon_extra_guests', 'price_addon_extra_photos'];
    const first = (await startCheckout(server, host, cart)).body.data;
    const reordered = (
      await startCheckout(server, host, ['price_plus_lifetime', 'price_addon_extra_photos', 'price_addon_extra_guests'])
    ).body.data;
    expect(reordered.orderId).toBe(first.orderId);
    const fewer = (await startCheckout(server, host, ['price_plus_lifetime', 'price_addon_extra_guests'])).body.data;
    const otherPlan = (
      await startCheckout(server, host, ['price_plus_monthly', 'price_addon_extra_guests', 'price_addon_extra_photos'])
    ).body.data;
    expect(new Set([first.orderId, fewer.orderId, otherPlan.orderId]).size).toBe(3);
    expect(await ordersOf(host)).toHaveLength(3);
  });

  it('never reuses another user’s pending order', async () => {
    const host = await hostWithCustomer(server);
    const other = await hostWithCustomer(server);
    const mine = (await startCheckout(server, host)).body.data;
    const theirs = (await startCheckout(server, other)).body.data;
    expect(theirs.orderId).not.toBe(mine.orderId);
  });
});
