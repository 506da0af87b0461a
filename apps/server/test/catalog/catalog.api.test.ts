import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema/index.js';
import { startTestServer, type TestServer } from '../test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /api/stripe/products', () => {
  it('lists the monthly plans in tier order with their prices, no add-ons', async () => {
    const response = await server.request('GET', '/api/stripe/products?type=subscription');
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    const plans = response.body.data;
    expect(plans.map((plan: { metadata: { tier: string } }) => plan.metadata.tier)).toEqual([
      'basic',
      'plus',
      'premium',
      'elite',
    ]);
    expect(plans.map((plan: { price: number }) => plan.price)).toEqual([2.99, 5.99, 11.99, 17.99]);
    expect(plans[1]).toMatchObject({
      name: 'Plus',
      priceId: 'price_plus_monthly',
      productId: 'prod_plus_monthly',
      unitAmount: 599,
      currency: 'usd',
      active: true,
      metadata: { type: 'subscription', tier: 'plus', is_addon: false, addon_type: null },
    });
  });

  it('lists the lifetime plans for type=one_time', async () => {
    const response = await server.request('GET', '/api/stripe/products?type=one_time');
    expect(response.body.data.map((plan: { price: number }) => plan.price)).toEqual([9.95, 19.95, 39.95, 59.95]);
    expect(response.body.data.every((plan: { metadata: { is_addon: boolean } }) => !plan.metadata.is_addon)).toBe(true);
  });

  it('leaves out an inactive plan', async () => {
    const { db } = server.app.services.database;
    await db.update(products).set({ active: false }).where(eq(products.providerPriceId, 'price_premium_monthly'));
    try {
      const response = await server.request('GET', '/api/stripe/products?type=subscription');
      expect(response.body.data.map((plan: { metadata: { tier: string } }) => plan.metadata.tier)).toEqual([
        'basic',
        'plus',
        'elite',
      ]);
    } finally {
      await db.update(products).set({ active: true }).where(eq(products.providerPriceId, 'price_premium_monthly'));
    }
  });

  it('refuses an unknown billing type', async () => {
    const response = await server.request('GET', '/api/stripe/products?type=weekly');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /api/stripe/products/{productId}/addons', () => {
  const addonTypes = (body: { data: Array<{ metadata: { addon_type: string } }> }) =>
    body.data.map((addon) => addon.metadata.addon_type);

  it('offers basic every add-on, by product id or by catalogue id', async () => {
    const byProductId = await server.request('GET', '/api/stripe/products/prod_basic_monthly/addons');
    expect(byProductId.status).toBe(200);
    expect(addonTypes(byProductId.body)).toHaveLength(9);
    const plans = (await server.request('GET', '/api/stripe/products?type=subscription')).body.data;
    const byId = await server.request('GET', `/api/stripe/products/${plans[0].id}/addons`);
    expect(addonTypes(byId.body)).toEqual(addonTypes(byProductId.body));
  });

  it('leaves out what the plan already includes', async () => {
    const elite = await server.request('GET', '/api/stripe/products/prod_elite_lifetime/addons');
    expect(addonTypes(elite.body)).not.toContain('watermark_removal');
    expect(addonTypes(elite.body)).not.toContain('album_download');
    expect(addonTypes(elite.body)).not.toContain('advanced_analytics');
    expect(addonTypes(elite.body)).not.toContain('extra_videos');
    expect(elite.body.data[0].price).toBe(4.99);
  });

  it.each(['prod_premium_monthly', 'prod_premium_lifetime', 'prod_elite_monthly', 'prod_elite_lifetime'])(
    'does not sell %s the Full HD copies it already makes',
    async (productId) => {
      const response = await server.request('GET', `/api/stripe/products/${productId}/addons`);
      expect(response.status).toBe(200);
      expect(addonTypes(response.body)).not.toContain('full_hd_videos');
    },
  );

  it('offers premium and elite exactly what their plan lacks (PLAN_LIMITS), elite no priority support', async () => {
    const premium = await server.request('GET', '/api/stripe/products/prod_premium_lifetime/addons');
    expect(addonTypes(premium.body).sort()).toEqual([
      'advanced_analytics',
      'dedicated_support',
      'extra_guests',
      'extra_photos',
      'extra_videos',
      'priority_support',
    ]);
    const elite = await server.request('GET', '/api/stripe/products/prod_elite_monthly/addons');
    expect(addonTypes(elite.body).sort()).toEqual(['dedicated_support', 'extra_guests', 'extra_photos']);
    const plus = await server.request('GET', '/api/stripe/products/prod_plus_monthly/addons');
    expect(addonTypes(plus.body)).toContain('full_hd_videos');
    expect(addonTypes(plus.body)).toContain('priority_support');
  });

  it('answers 404 for an unknown plan or an add-on id', async () => {
    expect((await server.request('GET', '/api/stripe/products/prod_nothing/addons')).status).toBe(404);
    expect((await server.request('GET', '/api/stripe/products/prod_addon_extra_guests/addons')).status).toBe(404);
  });
});
