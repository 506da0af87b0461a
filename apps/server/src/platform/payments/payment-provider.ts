/** What checkout needs from a card payment provider; the sandbox and Stripe both provide it. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCustomer(email: string): Promise<{ id: string }>;
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<{ id: string; url: string }>;
  /** The provider's own current view of a session; undefined when it does not know the id. */
  retrieveCheckoutSession(sessionId: string): Promise<ProviderCheckoutSession | undefined>;
  /** Closes an open session so it can no longer be paid (a retry replaces it with a new one). */
  expireCheckoutSession(sessionId: string): Promise<void>;
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | undefined>;
  /** Checks the signature over the raw body; throws WebhookSignatureError when it does not hold. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

export interface CheckoutLineItem {
  priceId: string;
  name: string;
  amountMinor: number;
}

export interface CreateCheckoutSessionInput {
  mode: 'payment' | 'subscription';
  customerId: string;
  customerEmail: string;
  lineItems: CheckoutLineItem[];
  currency: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  /** The language of the hosted card page. */
  locale: 'es' | 'en';
}

export interface ProviderCheckoutSession {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountTotal: number;
  currency: string;
  customerEmail: string | null;
  subscriptionId: string | null;
  metadata: Record<string, string>;
}

export interface ProviderSubscription {
  id: string;
  status: string;
  /** End of the period paid for, if known. */
  currentPeriodEnd: Date | null;
  endedAt: Date | null;
}

export interface ProviderEvent {
  id: string;
  type: string;
  /** The id of the object the event is about (a checkout session, invoice or subscription). */
  objectId: string;
  subscriptionId: string | null;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}
