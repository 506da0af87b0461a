import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentEvents } from '../../src/db/schema/index.js';
import { createCatalogRepository } from '../../src/modules/catalog/catalog.repository.js';
import { syncCatalogToStripe } from '../../src/modules/catalog/stripe-catalog-sync.js';
import { createStripeClient } from '../../src/platform/payments/stripe-provider.js';
import { CANCEL_URL, hostWithCustomer, registerUser, startCheckout, SUCCESS_URL } from '../factories.js';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.js';
import { startTestServer, type TestServer } from '../test-server.js';

const WEBHOOK_SECRET = 'whsec_test_secret';
let fake: FakeStripe;
let server: TestServer;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  fake = await startFakeStripe({ price_plus_lifetime: 1995, price_addon_extra_guests: 499, price_basic_monthly: 299 });
  server = await startTestServer({
    env: { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
  });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

function sendWebhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return server.request('POST', '/api/stripe/webhook', {
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

const sessionEvent = (id: string, type: string, sessionId: string) => ({
  id,
  object: 'event',
  type,
  data: { object: { id: sessionId, object: 'checkout.session' } },
});
const orderRow = async (orderId: string) =>
  (await server.app.services.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

describe('Stripe through the real SDK', () => {
  it('creates the customer and a Checkout Session in payment mode for Lifetime plans', async () => {
    const host = await hostWithCustomer(server);
    expect(host.customerId).toMatch(/^cus_fake_/);
    const { url, sessionId } = (await startCheckout(server, host)).body.data;
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const session = fake.store.sessions.get(sessionId)!;
    expect(session.mode).toBe('payment');
    expect(session.line_items_requested).toEqual([
      { price: 'price_plus_lifetime', quantity: '1' },
      { price: 'price_addon_extra_guests', quantity: '1' },
    ]);
  });

  it('uses subscription mode for Monthly plans and records the paid period', async () => {
    const host = await hostWithCustomer(server);
    const { sessionId, orderId } = (await startCheckout(server, host, ['price_basic_monthly'])).body.data;
    expect(fake.store.sessions.get(sessionId)!.mode).toBe('subscription');
    const periodEnd = Math.floor(Date.now() / 1000) + 31 * 86_400;
    fake.markSessionPaid(sessionId, periodEnd);
    expect((await server.request('GET', `/api/stripe/verify-session/${sessionId}`, { token: host.token })).status).toBe(
      200,
    );
    const order = await orderRow(orderId);
    expect(order.providerSubscriptionId).toMatch(/^sub_fake_/);
    expect(order.paidUntil?.getTime()).toBe(periodEnd * 1000);
  });

  it('answers 502 "Could not create payment customer" when Stripe fails to create the customer', async () => {
    const host = await registerUser(server);
    const create = () =>
      server.request('POST', '/api/stripe/customers', {
        token: host.session.access_token,
        body: { email: host.email },
      });
    fake.fail('POST', '/v1/customers');
    try {
      const failed = await create();
      expect(failed.status).toBe(502);
      expect(failed.body).toEqual({
        success: false,
        code: 'CUSTOMER_CREATE_FAILED',
        message: 'Could not create payment customer',
      });
    } finally {
      fake.recover();
    }
    // Nothing half-made was kept: the next attempt creates the customer.
    expect((await create()).body.data.id).toMatch(/^cus_fake_/);
  });

  it('answers 502 "An error occurred while processing payment" and marks the order failed when the session cannot be created', async () => {
    const host = await hostWithCustomer(server);
    fake.fail('POST', '/v1/checkout/sessions');
    let response;
    try {
      response = await startCheckout(server, host);
    } finally {
      fake.recover();
    }
    expect(response.status).toBe(502);
    expect(response.body).toEqual({
      success: false,
      code: 'PAYMENT_PROVIDER_ERROR',
      message: 'An error occurred while processing payment',
    });
    const orders = (await server.request('GET', '/api/orders', { token: host.token })).body.data;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ payment_status: 'failed', checkout_url: null });
  });

  it('refuses a webhook with a bad or missing signature', async () => {
    const forged = await sendWebhook(sessionEvent('evt_forged', 'checkout.session.completed', 'cs_x'), 'whsec_wrong');
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('INVALID_WEBHOOK_SIGNATURE');
    const unsigned = await server.request('POST', '/api/stripe/webhook', { body: { id: 'evt_1' } });
    expect(unsigned.status).toBe(400);
  });

  it('re-reads the session rather than trusting the event: an unpaid session stays pending', async () => {
    const host = await hostWithCustomer(server);
    const { sessionId, orderId } = (await startCheckout(server, host)).body.data;
    const response = await sendWebhook(sessionEvent('evt_claims_paid', 'checkout.session.completed', sessionId));
    expect(response.status).toBe(200);
    expect((await orderRow(orderId)).paymentStatus).toBe('pending');
  });

  it('applies checkout.session.completed once, however often it is replayed', async () => {
    const host = await hostWithCustomer(server);
    const { sessionId, orderId } = (await startCheckout(server, host)).body.data;
    fake.markSessionPaid(sessionId);
    const event = sessionEvent('evt_paid_once', 'checkout.session.completed', sessionId);
    const results = [];
    for (let attempt = 0; attempt < 10; attempt++) results.push((await sendWebhook(event)).body.applied);
    expect(results).toEqual([true, false, false, false, false, false, false, false, false, false]);
    const order = await orderRow(orderId);
    expect(order.paymentStatus).toBe('completed');
    const completedAt = order.completedAt;
    await sendWebhook(event);
    expect((await orderRow(orderId)).completedAt).toEqual(completedAt);
    const recorded = await server.app.services.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, 'evt_paid_once'));
    expect(recorded).toHaveLength(1);
  });

  it('extends the paid period on invoice.paid and ends the subscription on customer.subscription.deleted', async () => {
    const host = await hostWithCustomer(server);
    const { sessionId, orderId } = (await startCheckout(server, host, ['price_basic_monthly'])).body.data;
    const session = fake.markSessionPaid(sessionId);
    await sendWebhook(sessionEvent('evt_sub_start', 'checkout.session.completed', sessionId));
    const subscriptionId = session.subscription as string;
    const subscription = fake.store.subscriptions.get(subscriptionId)! as unknown as {
      items: { data: Array<{ current_period_end: number }> };
    };
    const nextPeriodEnd = Math.floor(Date.now() / 1000) + 62 * 86_400;
    subscription.items.data[0]!.current_period_end = nextPeriodEnd;
    await sendWebhook({
      id: 'evt_invoice',
      object: 'event',
      type: 'invoice.paid',
      data: { object: { id: 'in_1', object: 'invoice', subscription: subscriptionId } },
    });
    expect((await orderRow(orderId)).paidUntil?.getTime()).toBe(nextPeriodEnd * 1000);

    const endedAt = Math.floor(Date.now() / 1000);
    Object.assign(fake.store.subscriptions.get(subscriptionId)!, { status: 'canceled', ended_at: endedAt });
    await sendWebhook({
      id: 'evt_cancel',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: subscriptionId, object: 'subscription' } },
    });
    expect((await orderRow(orderId)).subscriptionEndedAt?.getTime()).toBe(endedAt * 1000);
  });

  it('passes the buyer’s language, and a retry reuses the pending order and expires its old Checkout Session', async () => {
    const host = await hostWithCustomer(server);
    const first = (await startCheckout(server, host)).body.data;
    expect(fake.store.sessions.get(first.sessionId)!.locale).toBe('es');
    const retry = await server.request('POST', '/api/stripe/create-checkout-session', {
      token: host.token,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      body: {
        priceId: ['price_plus_lifetime', 'price_addon_extra_guests'],
        customerId: host.customerId,
        successUrl: SUCCESS_URL,
        cancelUrl: CANCEL_URL,
      },
    });
    expect(retry.body.data.orderId).toBe(first.orderId);
    expect(retry.body.data.sessionId).not.toBe(first.sessionId);
    expect(fake.store.sessions.get(first.sessionId)!.status).toBe('expired');
    expect(fake.store.sessions.get(retry.body.data.sessionId)!.locale).toBe('en');
    expect((await orderRow(first.orderId)).providerSessionId).toBe(retry.body.data.sessionId);

    fake.markSessionPaid(retry.body.data.sessionId);
    await sendWebhook(sessionEvent('evt_retry_paid', 'checkout.session.completed', retry.body.data.sessionId));
    expect((await orderRow(first.orderId)).paymentStatus).toBe('completed');
  });

  it('completes the pending order instead of reusing it when its old session was paid meanwhile', async () => {
    const host = await hostWithCustomer(server);
    const first = (await startCheckout(server, host)).body.data;
    fake.markSessionPaid(first.sessionId);
    const next = (await startCheckout(server, host)).body.data;
    expect(next.orderId).not.toBe(first.orderId);
    expect((await orderRow(first.orderId)).paymentStatus).toBe('completed');
    expect(fake.store.sessions.get(first.sessionId)!.status).toBe('complete');
  });

  it('stripe:sync creates the catalogue in Stripe once and stores the ids', async () => {
    const stripe = createStripeClient({ secretKey: 'sk_test_fake', apiUrl: fake.url });
    const catalog = createCatalogRepository(server.app.services.database.db);
    expect(await syncCatalogToStripe(stripe, catalog)).toEqual({ created: 17, unchanged: 0 });
    expect(await syncCatalogToStripe(stripe, catalog)).toEqual({ created: 0, unchanged: 17 });
    const plans = (await server.request('GET', '/api/stripe/products?type=subscription')).body.data;
    expect(plans[0].priceId).toMatch(/^price_fake_/);
    const stored = fake.store.prices.get(plans[0].priceId)!;
    expect(stored).toMatchObject({
      unit_amount: 299,
      currency: 'usd',
      lookup_key: 'basic_monthly',
      recurring: { interval: 'month' },
    });
  });
});
