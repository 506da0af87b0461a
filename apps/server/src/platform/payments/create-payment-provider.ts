import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { PaymentProvider } from './payment-provider.js';
import { createSandboxProvider, type SandboxProvider } from './sandbox/sandbox-provider.js';

/** Stripe when STRIPE_SECRET_KEY is set (its SDK is loaded only then), otherwise the built-in sandbox. */
export async function createPaymentProvider(config: Config, db: Database): Promise<PaymentProvider | SandboxProvider> {
  if (config.STRIPE_SECRET_KEY) {
    const { createStripeProvider } = await import('./stripe-provider.js');
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
