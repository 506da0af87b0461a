import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema/index.js';
import { CANCEL_URL, hostWithCustomer, registerUser, startCheckout, SUCCESS_URL } from '../factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

// The limit counts per user and every other test here uses a new host for at most one session,
// so a low limit only bites in the test that is about it.
const CHECKOUT_LIMIT = 3;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { CHECKOUT_RATE_LIMIT_PER_HOUR: String(CHECKOUT_LIMIT) } });
});

/** Sets a catalogue item's `active` flag for the duration of `run`, then puts it back. */
async function withInactive(priceId: string, run: () => Promise<void>) {
  const { db } = server.app.services.database;
  await db.update(products).set({ active: false }).where(eq(products.providerPriceId, priceId));
  try {
    await run();
  } finally {
    await db.update(products).set({ active: true }).where(eq(products.providerPriceId, priceId));
  }
}
afterAll(() => server.close());

describe('POST /api/stripe/customers', () => {
  it('creates the customer once and returns the same one when asked again', async () => {
    const host = await registerUser(server);
    const ask = () =>
      server.request('POST', '/api/stripe/customers', {
        token: host.session.access_token,
        body: { email: host.email.toUpperCase() },
      });
    const first = await ask();
    expect(first.status).toBe(200);
    expect(first.body.data.id).toMatch(/^cus_/);
    expect((await ask()).body.data.id).toBe(first.body.data.id);
  });

  it("refuses another person's e-mail and an anonymous caller", async () => {
    const host = await registerUser(server);
    const other = await server.request('POST', '/api/stripe/customers', {
      token: host.session.access_token,
      body: { email: 'someone@else.com' },
    });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('CUSTOMER_EMAIL_MISMATCH');
    expect((await server.request('POST', '/api/stripe/customers', { body: { email: host.email } })).status).toBe(401);
  });
});

describe('POST /api/stripe/create-checkout-session', () => {
  it('creates a pending order priced by the server and answers the hosted page URL', async () => {
    const host = await hostWithCustomer(server);
    const response = await startCheckout(server, host);
    expect(response.status).toBe(200);
    expect(response.body.data.url).toMatch(/\/sandbox\/checkout\/cs_sandbox_/);
    const order = await server.request('GET', `/api/orders/${response.body.data.orderId}`, { token: host.token });
    expect(order.body.data).toMatchObject({
      price: 24.94,
      currency: 'usd',
      payment_status: 'pending',
      redeemed: false,
      payment_method: 'sandbox',
    });
    expect(order.body.data.checkout_url).toBe(response.body.data.url);
  });

  it.each([
    ['no price', [], 'PRICE_ID_REQUIRED', 'Price ID is required'],
    ['an empty price', [''], 'PRICE_ID_REQUIRED', 'Price ID is required'],
    ['an unknown price', ['price_gold_forever'], 'INVALID_PRICE', 'Product does not have a valid price configured'],
    [
      'an add-on as the plan',
      ['price_addon_extra_guests'],
      'INVALID_PRICE',
      'Product does not have a valid price configured',
    ],
    [
      'a second plan as an add-on',
      ['price_basic_monthly', 'price_elite_monthly'],
      'INVALID_PRICE',
      'Product does not have a valid price configured',
    ],
    [
      'an incompatible add-on',
      ['price_elite_lifetime', 'price_addon_watermark_removal'],
      'ADDON_NOT_COMPATIBLE',
      'not available',
    ],
    [
      'Full HD copies on premium, which already makes them',
      ['price_premium_monthly', 'price_addon_full_hd_videos'],
      'ADDON_NOT_COMPATIBLE',
      'not available',
    ],
    [
      'Full HD copies on elite',
      ['price_elite_lifetime', 'price_addon_extra_photos', 'price_addon_full_hd_videos'],
      'ADDON_NOT_COMPATIBLE',
      'not available',
    ],
    [
      'priority support on elite, which includes it',
      ['price_elite_monthly', 'price_addon_priority_support'],
      'ADDON_NOT_COMPATIBLE',
      'not available',
    ],
    [
      'a repeated add-on',
      ['price_plus_monthly', 'price_addon_extra_photos', 'price_addon_extra_photos'],
      'DUPLICATE_PRICE',
      'more than once',
    ],
  ])('refuses %s', async (_label, priceId, code, message) => {
    const host = await hostWithCustomer(server);
    const response = await startCheckout(server, host, priceId);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(code);
    expect(response.body.message).toContain(message);
  });

  it.each([
    ['premium', ['price_premium_monthly', 'price_addon_priority_support', 'price_addon_extra_videos']],
    ['plus', ['price_plus_lifetime', 'price_addon_full_hd_videos', 'price_addon_priority_support']],
  ])('still sells %s the add-ons its plan lacks', async (_tier, priceIds) => {
    const host = await hostWithCustomer(server);
    const response = await startCheckout(server, host, priceIds);
    expect(response.status).toBe(200);
    expect(response.body.data.url).toMatch(/\/sandbox\/checkout\//);
  });

  it('refuses an inactive plan and an inactive add-on', async () => {
    const host = await hostWithCustomer(server);
    await withInactive('price_premium_lifetime', async () => {
      const response = await startCheckout(server, host, ['price_premium_lifetime']);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'INVALID_PRICE',
        message: 'Product does not have a valid price configured',
      });
    });
    await withInactive('price_addon_extra_photos', async () => {
      const response = await startCheckout(server, host, ['price_premium_lifetime', 'price_addon_extra_photos']);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_PRICE');
    });
    expect((await server.request('GET', '/api/orders', { token: host.token })).body.data).toEqual([]);
  });

  it(`answers 429 after ${CHECKOUT_LIMIT} sessions in an hour (CHECKOUT_RATE_LIMIT_PER_HOUR), for that user only`, async () => {
    const host = await hostWithCustomer(server);
    // Three different carts: the same cart again would reuse its pending order (checkout-retry.api.test.ts).
    const carts = [['price_basic_monthly'], ['price_plus_monthly'], ['price_premium_monthly']];
    for (let attempt = 0; attempt < CHECKOUT_LIMIT; attempt++)
      expect((await startCheckout(server, host, carts[attempt])).status).toBe(200);
    const limited = await startCheckout(server, host);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: expect.stringContaining('Too many attempts'),
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await server.request('GET', '/api/orders', { token: host.token })).body.data).toHaveLength(CHECKOUT_LIMIT);
    const other = await hostWithCustomer(server);
    expect((await startCheckout(server, other)).status).toBe(200);
  });

  it('refuses a missing customer id, and a customer that is not the caller’s', async () => {
    const host = await hostWithCustomer(server);
    const stranger = await hostWithCustomer(server);
    const body = { priceId: ['price_basic_monthly'], successUrl: SUCCESS_URL, cancelUrl: CANCEL_URL };
    const missing = await server.request('POST', '/api/stripe/create-checkout-session', {
      token: host.token,
      body: { ...body, customerId: '' },
    });
    expect(missing.body).toMatchObject({ code: 'CUSTOMER_ID_REQUIRED', message: 'Customer ID is required' });
    const foreign = await server.request('POST', '/api/stripe/create-checkout-session', {
      token: host.token,
      body: { ...body, customerId: stranger.customerId },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('CUSTOMER_NOT_FOUND');
  });

  it('refuses return addresses on another site', async () => {
    const host = await hostWithCustomer(server);
    const response = await server.request('POST', '/api/stripe/create-checkout-session', {
      token: host.token,
      body: {
        priceId: ['price_basic_monthly'],
        customerId: host.customerId,
        successUrl: 'https://evil.example/steal',
        cancelUrl: CANCEL_URL,
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_REDIRECT_URL');
  });

  it('ignores any amount the client sends', async () => {
    const host = await hostWithCustomer(server);
    const response = await server.request('POST', '/api/stripe/create-checkout-session', {
      token: host.token,
      body: {
        priceId: ['price_elite_lifetime'],
        customerId: host.customerId,
        successUrl: SUCCESS_URL,
        cancelUrl: CANCEL_URL,
        amount: 1,
      },
    });
    const order = await server.request('GET', `/api/orders/${response.body.data.orderId}`, { token: host.token });
    expect(order.body.data.price).toBe(59.95);
  });

  it('refuses an anonymous caller and a malformed body', async () => {
    expect((await server.request('POST', '/api/stripe/create-checkout-session', { body: {} })).status).toBe(401);
    const host = await hostWithCustomer(server);
    const malformed = await server.request('POST', '/api/stripe/create-checkout-session', {
      token: host.token,
      body: { priceId: 'price_basic_monthly' },
    });
    expect(malformed.status).toBe(400);
  });
});

describe('orders', () => {
  it('are visible to their owner only', async () => {
    const host = await hostWithCustomer(server);
    const stranger = await hostWithCustomer(server);
    const { orderId } = (await startCheckout(server, host)).body.data;
    expect((await server.request('GET', `/api/orders/${orderId}`, { token: stranger.token })).status).toBe(404);
    expect((await server.request('GET', '/api/orders', { token: stranger.token })).body.data).toEqual([]);
    const mine = await server.request('GET', '/api/orders', { token: host.token });
    expect(mine.body.data.map((order: { id: string }) => order.id)).toEqual([orderId]);
  });
});
