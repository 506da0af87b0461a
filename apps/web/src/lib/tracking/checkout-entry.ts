/**
 * Which button led into the checkout. The button only names itself in the navigation's state;
 * the checkout page sends checkout_started once per visit with this source (spec 000 §7), so a
 * click is not counted once by the button and again by the page.
 */
export type CheckoutEntrySource = 'nav' | 'hero' | 'pricing' | 'how_it_works' | 'floating';

interface CheckoutEntryState {
  checkoutSource: CheckoutEntrySource;
}

/** Router state for a link or navigate() into /checkout. */
export function checkoutEntryState(source: CheckoutEntrySource): CheckoutEntryState {
  return { checkoutSource: source };
}

/** The source a button put in the router state, if the visitor came through one. */
export function readCheckoutEntrySource(state: unknown): CheckoutEntrySource | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const source = (state as Partial<CheckoutEntryState>).checkoutSource;
  return typeof source === 'string' ? source : undefined;
}
