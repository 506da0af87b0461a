import {
  ErrorCode,
  isAddonCompatible,
  type AddonType,
  type CreateCheckoutSessionRequest,
  type Order,
} from '@momentos/contract';
import type { Config } from '../../config.js';
import type { OrderRow, ProductRow } from '../../db/schema/index.js';
import { AppError } from '../../platform/http/app-error.js';
import {
  PaymentProviderError,
  type CreateCheckoutSessionInput,
  type PaymentProvider,
} from '../../platform/payments/payment-provider.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import type { CatalogRepository } from '../catalog/index.js';
import { productName } from '../catalog/index.js';
import type { CheckoutRepository } from './checkout.repository.js';
import type { PaymentConfirmationService } from './payment-confirmation.service.js';
import { createPendingOrderResumer } from './pending-order.js';
import { allowedRedirectOrigins, isAllowedRedirect } from './redirect-origins.js';

interface CheckoutServiceDeps {
  repo: CheckoutRepository;
  catalog: CatalogRepository;
  provider: PaymentProvider;
  confirmation: PaymentConfirmationService;
  rateLimiter: RateLimiter;
  config: Config;
}

interface Caller {
  userId: string;
  email: string;
}

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    price: row.priceMinor / 100,
    currency: row.currency,
    payment_method: row.paymentMethod,
    payment_status: row.paymentStatus,
    redeemed: row.redeemed,
    created_at: row.createdAt.toISOString(),
    checkout_url: row.checkoutUrl,
  };
}

const providerFailure = (cause: unknown) =>
  new AppError(ErrorCode.PAYMENT_PROVIDER_ERROR, 502, 'An error occurred while processing payment', { cause });

export function createCheckoutService({
  repo,
  catalog,
  provider,
  confirmation,
  rateLimiter,
  config,
}: CheckoutServiceDeps) {
  const redirectOrigins = allowedRedirectOrigins(config);
  const resumePendingOrder = createPendingOrderResumer(repo, provider, confirmation);

  /** The plan first, then its add-ons: all active, compatible and none repeated. */
  async function resolveLineItems(priceIds: string[]): Promise<{ plan: ProductRow; addons: ProductRow[] }> {
    if (priceIds.length === 0 || priceIds.some((id) => id.trim() === '')) {
      throw AppError.badRequest('Price ID is required', ErrorCode.PRICE_ID_REQUIRED);
    }
    if (new Set(priceIds).size !== priceIds.length) {
      throw AppError.badRequest('The same product appears more than once', ErrorCode.DUPLICATE_PRICE);
    }
    const rows = await catalog.findByProviderPriceIds(priceIds);
    const byPriceId = new Map(rows.map((row) => [row.providerPriceId, row]));
    const [planPriceId, ...addonPriceIds] = priceIds;
    const plan = byPriceId.get(planPriceId!);
    if (!plan || !plan.active || plan.isAddon || !plan.tier) {
      throw AppError.badRequest('Product does not have a valid price configured', ErrorCode.INVALID_PRICE);
    }
    const addons = addonPriceIds.map((priceId) => {
      const addon = byPriceId.get(priceId);
      if (!addon || !addon.active || !addon.isAddon) {
        throw AppError.badRequest('Product does not have a valid price configured', ErrorCode.INVALID_PRICE);
      }
      if (!isAddonCompatible(addon.addonType as AddonType, plan.tier!)) {
        throw AppError.badRequest(
          `The add-on ${addon.addonType} is not available with this plan`,
          ErrorCode.ADDON_NOT_COMPATIBLE,
        );
      }
      return addon;
    });
    return { plan, addons };
  }

  return {
    /** The caller's provider customer, created on first use; the e-mail must be the caller's own. */
    async getOrCreateCustomer(caller: Caller, email: string) {
      if (email.toLowerCase() !== caller.email.toLowerCase()) {
        throw AppError.badRequest('The e-mail does not match your account', ErrorCode.CUSTOMER_EMAIL_MISMATCH);
      }
      const existing = await repo.findCustomerOfUser(caller.userId, provider.name);
      if (existing) return { id: existing.providerCustomerId };
      let created;
      try {
        created = await provider.createCustomer(caller.email);
      } catch (error) {
        if (error instanceof PaymentProviderError) {
          throw new AppError(ErrorCode.CUSTOMER_CREATE_FAILED, 502, 'Could not create payment customer', {
            cause: error,
          });
        }
        throw error;
      }
      await repo.insertCustomer({
        userId: caller.userId,
        provider: provider.name,
        providerCustomerId: created.id,
        email: caller.email,
      });
      const stored = await repo.findCustomerOfUser(caller.userId, provider.name);
      return { id: stored!.providerCustomerId };
    },

    /** `locale` is the language the caller's browser asked for, used when the request names none. */
    async createCheckoutSession(caller: Caller, input: CreateCheckoutSessionRequest, locale: 'es' | 'en' = 'es') {
      if (!input.customerId.trim())
        throw AppError.badRequest('Customer ID is required', ErrorCode.CUSTOMER_ID_REQUIRED);
      const { plan, addons } = await resolveLineItems(input.priceId);
      for (const url of [input.successUrl, input.cancelUrl]) {
        if (!isAllowedRedirect(url, redirectOrigins)) {
          throw AppError.badRequest('Return addresses must point at this site', ErrorCode.INVALID_REDIRECT_URL);
        }
      }
      const customer = await repo.findCustomerByProviderId(input.customerId);
      if (!customer || customer.userId !== caller.userId || customer.provider !== provider.name) {
        throw AppError.badRequest('Customer not found', ErrorCode.CUSTOMER_NOT_FOUND);
      }
      const limit = await rateLimiter.hit(`checkout:user:${caller.userId}`, config.CHECKOUT_RATE_LIMIT_PER_HOUR, 3600);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.retryAfterSeconds);

      const items = [plan, ...addons];
      const language = input.locale ?? locale;
      const sessionFor = (orderId: string): CreateCheckoutSessionInput => ({
        mode: plan.billingType === 'subscription' ? 'subscription' : 'payment',
        customerId: customer.providerCustomerId,
        customerEmail: customer.email,
        lineItems: items.map((item) => ({
          priceId: item.providerPriceId,
          name: productName(item, language),
          amountMinor: item.priceMinor,
        })),
        currency: plan.currency,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        metadata: { orderId },
        locale: language,
      });
      const cart = items.map((item) => ({ productId: item.id, priceMinor: item.priceMinor }));
      try {
        const resumed = await resumePendingOrder(caller.userId, cart, sessionFor);
        if (resumed) return resumed;
      } catch (error) {
        if (error instanceof PaymentProviderError) throw providerFailure(error);
        throw error;
      }

      const order = await repo.insertOrder(
        {
          userId: caller.userId,
          customerId: customer.id,
          provider: provider.name,
          billingType: plan.billingType,
          priceMinor: items.reduce((sum, item) => sum + item.priceMinor, 0),
          currency: plan.currency,
          paymentMethod: provider.name === 'stripe' ? 'stripe' : 'sandbox',
        },
        cart,
      );
      try {
        const session = await provider.createCheckoutSession(sessionFor(order.id));
        await repo.updateOrder(order.id, { providerSessionId: session.id, checkoutUrl: session.url });
        return { url: session.url, sessionId: session.id, orderId: order.id };
      } catch (error) {
        await repo.failOrder(order.id);
        if (error instanceof PaymentProviderError) throw providerFailure(error);
        throw error;
      }
    },

    /** The result page's check; also confirms the order if the provider says it is paid. */
    async verifySession(caller: Caller, sessionId: string) {
      const order = await repo.findOrderBySession(sessionId);
      if (!order || order.userId !== caller.userId) throw AppError.notFound('Checkout session not found');
      const confirmed = await confirmation.confirmCheckoutSession(sessionId);
      if (!confirmed || confirmed.order.paymentStatus !== 'completed') {
        throw new AppError(ErrorCode.PAYMENT_INCOMPLETE, 402, 'Payment not completed or invalid');
      }
      return {
        sessionId,
        orderId: order.id,
        customerEmail: confirmed.session.customerEmail ?? caller.email,
        amountTotal: confirmed.session.amountTotal,
        currency: confirmed.session.currency,
        paymentStatus: 'paid',
      };
    },

    async listOrders(caller: Caller) {
      return (await repo.listOrdersOfUser(caller.userId)).map(toOrder);
    },

    /** The access policy let only the order's owner in (`order-owner`). */
    async getOrder(orderId: string) {
      const order = await repo.findOrder(orderId);
      if (!order) throw AppError.notFound('Order not found');
      return toOrder(order);
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
