import { useSyncExternalStore } from 'react';
import {
  checkoutReducer,
  loadCheckoutForm,
  saveCheckoutForm,
  type CheckoutAction,
  type CheckoutForm,
} from '../lib/checkout-form';

// A module-level store rather than component state: /checkout and /checkout/step/:step are two
// routes, and the typed password must survive moving between them without being persisted.
let form: CheckoutForm | null = null;
const listeners = new Set<() => void>();

function current(): CheckoutForm {
  form ??= loadCheckoutForm();
  return form;
}

export function dispatchCheckout(action: CheckoutAction): void {
  form = checkoutReducer(current(), action);
  saveCheckoutForm(form);
  for (const listener of listeners) listener();
}

export function getCheckoutForm(): CheckoutForm {
  return current();
}

/** Forget the in-memory copy (tests, and after paying so a later visit starts fresh). */
export function resetCheckoutStore(): void {
  form = null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCheckoutForm(): CheckoutForm {
  return useSyncExternalStore(subscribe, current, current);
}
