import { i18n } from '@/lib/i18n';

// The checkout's public entry: its page for the route table, and what the payment result needs to
// close or resume the checkout it came from, and the verification of a returning checkout session.
export { forgetCheckoutAwaitingPayment } from './lib/checkout-form';
export { stepPath } from './lib/steps';
export { verifyCheckoutSession } from './api/verify-session';

/**
 * The first render must not suspend on a translation (index.html's first-paint shell would give way
 * to a blank fallback): the screen's chunk and its namespace load together.
 */
export const loadCheckoutRoute = async () => {
  const [screen] = await Promise.all([
    import('./components/checkout-page'),
    i18n.loadNamespaces('checkout').catch(() => undefined),
  ]);
  return { Component: screen.CheckoutPage };
};
