import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { PaymentProvider } from '../../platform/payments/payment-provider.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import { accessOf } from '../access/index.js';
import { createCatalogRepository } from '../catalog/index.js';
import { addonCheckoutRoutes } from './addon-checkout.routes.js';
import { createAddonCheckoutService } from './addon-checkout.service.js';
import { createCheckoutRepository } from './checkout.repository.js';
import { checkoutRoutes } from './checkout.routes.js';
import { createCheckoutService } from './checkout.service.js';
import { createPaymentConfirmationService, type PaymentConfirmationService } from './payment-confirmation.service.js';
import { webhookRoutes } from './webhook.routes.js';

/** What the checkout module gives the modules registered after it (`checkoutOf(app)`). */
export interface CheckoutApi {
  /** Confirms a paid order, as a provider's webhook does (the sandbox's card page uses it). */
  confirmation: PaymentConfirmationService;
}

export interface CheckoutOptions {
  config: Config;
  database: DatabaseHandle;
  rateLimiter: RateLimiter;
  paymentProvider: PaymentProvider;
}

/** Buying a plan or an add-on, the orders, and the provider's webhook. */
async function checkout(app: FastifyInstance, { config, database, rateLimiter, paymentProvider }: CheckoutOptions) {
  const repo = createCheckoutRepository(database.db);
  const catalog = createCatalogRepository(database.db);
  accessOf(app).provide({ orderOwner: async (id) => (await repo.findOrder(id))?.userId });
  const confirmation = createPaymentConfirmationService(repo, paymentProvider);
  const checkoutService = createCheckoutService({
    repo,
    catalog,
    provider: paymentProvider,
    confirmation,
    rateLimiter,
    config,
  });
  await app.register(checkoutRoutes, { prefix: '/api', checkoutService });
  const addonCheckout = createAddonCheckoutService({
    repo,
    catalog,
    provider: paymentProvider,
    rateLimiter,
    config,
    customers: checkoutService,
  });
  await app.register(addonCheckoutRoutes, { prefix: '/api', service: addonCheckout });
  await app.register(webhookRoutes, { prefix: '/api', confirmation });
  app.decorate('checkout', { confirmation } satisfies CheckoutApi);
}

export const checkoutModule = fp(checkout, { name: 'checkout', dependencies: ['access'] });

/** The checkout module's API, for a module whose plugin declares `dependencies: ['checkout']`. */
export const checkoutOf = (app: FastifyInstance) => app.getDecorator<CheckoutApi>('checkout');
