import type { Order } from '@momentos/contract';

/** Spec 001 §2: the order number is the last 8 characters of the id ('Orden #' is translated). */
export function orderSuffix(id: string): string {
  return id.slice(-8);
}

/** Spec 001 §9: Mexican-locale currency formatting with the order's own currency. */
export function formatOrderPrice(price: number, currency: string): string {
  try {
    return new Intl.NumberFormat('es-MX', { style: 'currency', currency: currency.toUpperCase() }).format(price);
  } catch {
    // An unknown currency code would throw; show the amount with the code as given.
    return `${new Intl.NumberFormat('es-MX', { minimumFractionDigits: 2 }).format(price)} ${currency}`;
  }
}

/** The create-album button: only for a completed order that has not made an album yet. */
export function canCreateAlbum(order: Pick<Order, 'payment_status' | 'redeemed'>): boolean {
  return order.payment_status === 'completed' && !order.redeemed;
}

/** The complete-payment link: only for an unpaid order that still has a checkout URL. */
export function canCompletePayment(order: Pick<Order, 'payment_status' | 'checkout_url'>): boolean {
  return Boolean(order.checkout_url) && order.payment_status !== 'completed';
}

/** The first album's event date for the summary: the earliest set event date, if any. */
export function firstEventDate(dates: readonly string[]): string | null {
  const set = dates.filter(Boolean).sort();
  return set[0] ?? null;
}
