import type { AlbumRow } from '../../db/schema/index.js';
import { ErrorCode, isAddonCompatible, type AddonCheckoutRequest } from '@momentos/contract';
import type { Config } from '../../config.js';
import type { SiteLanguage } from '../../platform/http/accept-language.js';
import { AppError } from '../../platform/http/app-error.js';
import { PaymentProviderError, type PaymentProvider } from '../../platform/payments/payment-provider.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import type { CatalogRepository } from '../catalog/index.js';
import { productName } from '../catalog/index.js';
import type { CheckoutRepository } from './checkout.repository.js';
import type { CheckoutService } from './checkout.service.js';
import { allowedRedirectOrigins, isAllowedRedirect } from './redirect-origins.js';

interface AddonCheckoutDeps {
  repo: CheckoutRepository;
  catalog: CatalogRepository;
  provider: PaymentProvider;
  rateLimiter: RateLimiter;
  config: Config;
  /** The caller's provider customer, made on first use (the plan checkout's own rule). */
  customers: Pick<CheckoutService, 'getOrCreateCustomer'>;
}

/**
 * Buying an add-on for an album that already exists (PRODUCT.md, "Downloads": a Basic or Plus host
 * without the ZIP is offered it where the button would be). The order holds the add-on alone and
 * the provider session carries the album's id; the payment confirmation adds the add-on to the
 * album's package snapshot (payment-confirmation.service.ts).
 */
export function createAddonCheckoutService({
  repo,
  catalog,
  provider,
  rateLimiter,
  config,
  customers,
}: AddonCheckoutDeps) {
  const redirectOrigins = allowedRedirectOrigins(config);

  return {
    /** `locale` is the language the caller's browser asked for, used when the request names none. */
    async createAddonCheckout(
      caller: { userId: string; email: string },
      album: AlbumRow,
      input: AddonCheckoutRequest,
      locale: SiteLanguage = 'es',
    ) {
      const snapshot = album.packageSnapshot;
      if (snapshot.addons.includes(input.addon)) {
        throw AppError.conflict(`The album already has the add-on ${input.addon}`, ErrorCode.ADDON_ALREADY_ACTIVE);
      }
      if (!isAddonCompatible(input.addon, snapshot.tier)) {
        throw AppError.badRequest(
          `The ${snapshot.tier} plan already includes ${input.addon}`,
          ErrorCode.ADDON_NOT_COMPATIBLE,
        );
      }
      for (const url of [input.successUrl, input.cancelUrl]) {
        if (!isAllowedRedirect(url, redirectOrigins)) {
          throw AppError.badRequest('Return addresses must point at this site', ErrorCode.INVALID_REDIRECT_URL);
        }
      }
      const product = (await catalog.listActiveAddons()).find((row) => row.addonType === input.addon);
      if (!product)
        throw AppError.badRequest('Product does not have a valid price configured', ErrorCode.INVALID_PRICE);
      const limit = await rateLimiter.hit(`checkout:user:${caller.userId}`, config.CHECKOUT_RATE_LIMIT_PER_HOUR, 3600);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.retryAfterSeconds);

      await customers.getOrCreateCustomer(caller, caller.email);
      const customer = (await repo.findCustomerOfUser(caller.userId, provider.name))!;
      const order = await repo.insertOrder(
        {
          userId: caller.userId,
          customerId: customer.id,
          provider: provider.name,
          billingType: 'one_time',
          priceMinor: product.priceMinor,
          currency: product.currency,
          paymentMethod: provider.name === 'stripe' ? 'stripe' : 'sandbox',
        },
        [{ productId: product.id, priceMinor: product.priceMinor }],
      );
      try {
        const session = await provider.createCheckoutSession({
          mode: 'payment',
          customerId: customer.providerCustomerId,
          customerEmail: customer.email,
          lineItems: [
            {
              priceId: product.providerPriceId,
              name: productName(product, input.locale ?? locale),
              amountMinor: product.priceMinor,
            },
          ],
          currency: product.currency,
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          metadata: { orderId: order.id, albumId: album.id, addon: input.addon },
          locale: input.locale ?? locale,
        });
        await repo.updateOrder(order.id, { providerSessionId: session.id, checkoutUrl: session.url });
        return { url: session.url, sessionId: session.id, orderId: order.id };
      } catch (error) {
        await repo.failOrder(order.id);
        if (error instanceof PaymentProviderError) {
          throw new AppError(ErrorCode.PAYMENT_PROVIDER_ERROR, 502, 'An error occurred while processing payment', {
            cause: error,
          });
        }
        throw error;
      }
    },
  };
}

export type AddonCheckoutService = ReturnType<typeof createAddonCheckoutService>;
