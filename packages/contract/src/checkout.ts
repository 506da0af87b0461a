import { z } from 'zod';
import { successEnvelope, ZSingleLineText } from './common.js';

export const ZCreateCustomerRequest = z.object({ email: ZSingleLineText.trim().max(254).pipe(z.email()) });
export type CreateCustomerRequest = z.infer<typeof ZCreateCustomerRequest>;
export const ZCreateCustomerResponse = successEnvelope(z.object({ id: z.string() }));
export type CreateCustomerResponse = z.infer<typeof ZCreateCustomerResponse>;

/** The first price is the base plan, the rest are add-ons; the server computes the amount. */
export const ZCreateCheckoutSessionRequest = z.object({
  priceId: z.array(ZSingleLineText.max(200)).max(12),
  customerId: ZSingleLineText.max(200),
  successUrl: ZSingleLineText.max(2000),
  cancelUrl: ZSingleLineText.max(2000),
  /** The buyer's language for the provider's hosted card page; else the request's Accept-Language. */
  locale: z.enum(['es', 'en']).optional(),
});
export type CreateCheckoutSessionRequest = z.infer<typeof ZCreateCheckoutSessionRequest>;
export const ZCreateCheckoutSessionResponse = successEnvelope(
  z.object({ url: z.string(), sessionId: z.string(), orderId: z.uuid() }),
);
export type CreateCheckoutSessionResponse = z.infer<typeof ZCreateCheckoutSessionResponse>;

/** Add-ons a host can buy for an album after it was created. */
export const ZAlbumAddon = z.enum(['album_download']);
export type AlbumAddon = z.infer<typeof ZAlbumAddon>;

/**
 * `POST /api/events/{id}/addons/checkout`: one add-on for an existing album, paid alone through the
 * same provider; the answer is the same as a plan's checkout (where to send the browser).
 */
export const ZAddonCheckoutRequest = z.object({
  addon: ZAlbumAddon,
  successUrl: ZSingleLineText.max(2000),
  cancelUrl: ZSingleLineText.max(2000),
  /** The buyer's language for the provider's hosted card page; else the request's Accept-Language. */
  locale: z.enum(['es', 'en']).optional(),
});
export type AddonCheckoutRequest = z.infer<typeof ZAddonCheckoutRequest>;

export const ZSessionIdParams = z.object({ sessionId: ZSingleLineText.min(1).max(200) });

export const ZPaymentStatus = z.enum(['pending', 'completed', 'failed']);
export type PaymentStatus = z.infer<typeof ZPaymentStatus>;

/**
 * Spec 000 section 3's payment verification result. `amountTotal` is in minor units (cents), as
 * card providers report it; `paymentStatus` is 'paid' for a successful payment.
 */
export const ZVerifySessionResponse = successEnvelope(
  z.object({
    sessionId: z.string(),
    orderId: z.uuid(),
    customerEmail: z.string(),
    amountTotal: z.number().int(),
    currency: z.string(),
    paymentStatus: z.string(),
  }),
);
export type VerifySessionResponse = z.infer<typeof ZVerifySessionResponse>;

/** Spec 001 section 3's order; `price` in major units for display, as the dashboard reads it. */
export const ZOrder = z.object({
  id: z.uuid(),
  price: z.number(),
  currency: z.string(),
  payment_method: z.string(),
  payment_status: ZPaymentStatus,
  redeemed: z.boolean(),
  created_at: z.string(),
  checkout_url: z.string().nullable(),
});
export type Order = z.infer<typeof ZOrder>;
export const ZOrderResponse = successEnvelope(ZOrder);
export const ZOrdersResponse = successEnvelope(z.array(ZOrder));
export const ZOrderParams = z.object({ orderId: z.uuid() });

/**
 * POST /api/stripe/webhook's answer, read by Stripe only (so no success envelope): `applied` is
 * false for a replayed event or one that changed nothing.
 */
export const ZWebhookResponse = z.object({ received: z.literal(true), applied: z.boolean() });
export type WebhookResponse = z.infer<typeof ZWebhookResponse>;
