import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { PaymentProvider } from './payment-provider.js';
import { createSandboxProvider, type SandboxProvider } from './sandbox/sandbox-provider.js';
import { createStripeProvider } from './stripe-provider.js';

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in sandbox. */
export function createPaymentProvider(config: Config, db: Database): PaymentProvider | SandboxProvider {
  if (config.STRIPE_SECRET_KEY) {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiUrl: config.STRIPE_API_URL,
    });
  }
  return createSandboxProvider(db, config.publicUrl);
}

export function isSandboxProvider(provider: PaymentProvider): provider is SandboxProvider {
  return provider.name === 'sandbox';
}
