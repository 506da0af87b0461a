import type { OrderRow } from '../../db/schema/index.js';
import {
  PaymentProviderError,
  type CreateCheckoutSessionInput,
  type PaymentProvider,
  type ProviderCheckoutSession,
} from '../../platform/payments/payment-provider.js';
import type { CheckoutRepository } from './checkout.repository.js';
import type { PaymentConfirmationService } from './payment-confirmation.service.js';

export interface CartItem {
  productId: string;
  priceMinor: number;
}

/**
 * Whether an order holds exactly this cart: the same plan first, the same add-ons in any order,
 * each at today's price (a changed price makes it another purchase).
 */
export function isSameCart(ordered: readonly CartItem[], wanted: readonly CartItem[]): boolean {
  if (ordered.length !== wanted.length || ordered[0]?.productId !== wanted[0]?.productId) return false;
  const key = (item: CartItem) => `${item.productId}:${item.priceMinor}`;
  const left = ordered.map(key).sort();
  const right = wanted.map(key).sort();
  return left.every((value, index) => value === right[index]);
}

const isPaid = (session: ProviderCheckoutSession) =>
  session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required';

/**
 * A buyer who comes back from a declined card (or a closed tab) and pays again keeps one order:
 * the pending order with the same cart gets a new provider session, and its old session is
 * expired first so the same order can never be paid twice. Answers undefined when there is no
 * such order, or when its old session turns out to be paid (that order is then confirmed, and the
 * caller makes a new order for what is a new purchase).
 */
export function createPendingOrderResumer(
  repo: CheckoutRepository,
  provider: PaymentProvider,
  confirmation: PaymentConfirmationService,
) {
  /** Closes the session; 'paid' when it was paid before it could be closed. */
  async function expireUnlessPaid(sessionId: string): Promise<'closed' | 'paid'> {
    const session = await provider.retrieveCheckoutSession(sessionId);
    if (!session || session.status === 'expired') return 'closed';
    if (isPaid(session)) return 'paid';
    try {
      await provider.expireCheckoutSession(sessionId);
      return 'closed';
    } catch (error) {
      // Paid in another tab between the read and the expiry: the provider refuses to expire it.
      const again =
        error instanceof PaymentProviderError ? await provider.retrieveCheckoutSession(sessionId) : undefined;
      if (again && isPaid(again)) return 'paid';
      throw error;
    }
  }

  return async function resumePendingOrder(
    userId: string,
    cart: readonly CartItem[],
    sessionFor: (orderId: string) => CreateCheckoutSessionInput,
  ): Promise<{ url: string; sessionId: string; orderId: string } | undefined> {
    const pending = await repo.listPendingOrdersWithItems(userId, provider.name);
    const order: OrderRow | undefined = pending.find((entry) => isSameCart(entry.items, cart))?.order;
    if (!order) return undefined;
    if (order.providerSessionId && (await expireUnlessPaid(order.providerSessionId)) === 'paid') {
      await confirmation.confirmCheckoutSession(order.providerSessionId);
      return undefined;
    }
    const session = await provider.createCheckoutSession(sessionFor(order.id));
    const next = { providerSessionId: session.id, checkoutUrl: session.url };
    if (await repo.replaceOrderSession(order.id, order.providerSessionId, next)) {
      return { url: session.url, sessionId: session.id, orderId: order.id };
    }
    // Two retries at once: the other one's session is the order's now, so this one is closed again.
    await provider.expireCheckoutSession(session.id);
    const current = await repo.findOrder(order.id);
    if (current?.paymentStatus !== 'pending' || !current.providerSessionId || !current.checkoutUrl) return undefined;
    return { url: current.checkoutUrl, sessionId: current.providerSessionId, orderId: order.id };
  };
}
