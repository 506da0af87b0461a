import Stripe from 'stripe';
import {
  PaymentProviderError,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderCheckoutSession,
} from './payment-provider.js';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret?: string;
  /** Another API host (e.g. a test's Stripe-shaped server); Stripe's own by default. */
  apiUrl?: string;
}

export function createStripeClient({ secretKey, apiUrl }: StripeProviderOptions): Stripe {
  const target = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    ...(target && {
      host: target.hostname,
      port: Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
      protocol: target.protocol.replace(':', '') as 'http' | 'https',
    }),
  });
}

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Stripe through its official SDK: hosted Checkout, subscriptions for Monthly plans, signed webhooks. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider & { client: Stripe } {
  const client = createStripeClient(options);

  async function call<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw new PaymentProviderError(error instanceof Error ? error.message : String(error));
    }
  }

  return {
    name: 'stripe',
    client,
    async createCustomer(email) {
      const customer = await call(() => client.customers.create({ email }));
      return { id: customer.id };
    },
    async createCheckoutSession(input) {
      const session = await call(() =>
        client.checkout.sessions.create({
          mode: input.mode,
          customer: input.customerId,
          line_items: input.lineItems.map((item) => ({ price: item.priceId, quantity: 1 })),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata: input.metadata,
          locale: input.locale,
          ...(input.mode === 'subscription' ? { subscription_data: { metadata: input.metadata } } : {}),
        }),
      );
      if (!session.url) throw new PaymentProviderError('Stripe returned no checkout URL');
      return { id: session.id, url: session.url };
    },
    async retrieveCheckoutSession(sessionId): Promise<ProviderCheckoutSession | undefined> {
      let session: Stripe.Checkout.Session;
      try {
        session = await client.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
        throw new PaymentProviderError(error instanceof Error ? error.message : String(error));
      }
      return {
        id: session.id,
        status: (['complete', 'expired'] as const).find((status) => status === session.status) ?? 'open',
        paymentStatus:
          (['paid', 'no_payment_required'] as const).find((status) => status === session.payment_status) ?? 'unpaid',
        amountTotal: session.amount_total ?? 0,
        currency: session.currency ?? 'usd',
        customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
        subscriptionId: idOf(session.subscription),
        metadata: (session.metadata ?? {}) as Record<string, string>,
      };
    },
    async expireCheckoutSession(sessionId) {
      await call(() => client.checkout.sessions.expire(sessionId));
    },
    async retrieveSubscription(subscriptionId) {
      const subscription = await call(() => client.subscriptions.retrieve(subscriptionId));
      // Newer API versions keep the period on the subscription's items.
      const periodEnd =
        (subscription as unknown as { current_period_end?: number }).current_period_end ??
        subscription.items?.data?.[0]?.current_period_end;
      return {
        id: subscription.id,
        status: subscription.status,
        currentPeriodEnd: toDate(periodEnd),
        endedAt: toDate(subscription.ended_at),
      };
    },
    verifyWebhook(rawBody, signature) {
      if (!options.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not configured');
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
      }
      const object = event.data.object as unknown as {
        id: string;
        subscription?: string | { id: string } | null;
        parent?: { subscription_details?: { subscription?: string | { id: string } } };
      };
      const subscriptionId = event.type.startsWith('customer.subscription.')
        ? object.id
        : (idOf(object.subscription) ?? idOf(object.parent?.subscription_details?.subscription));
      return { id: event.id, type: event.type, objectId: object.id, subscriptionId };
    },
  };
}
