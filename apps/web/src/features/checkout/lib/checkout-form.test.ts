import type { Product } from '@momentos/contract';
import { describe, expect, it } from 'vitest';
import {
  AWAITING_PAYMENT_KEY,
  CHECKOUT_FORM_KEY,
  checkoutReducer,
  clearCheckoutForm,
  emptyCheckoutForm,
  forgetCheckoutAwaitingPayment,
  holdCheckoutForPayment,
  loadCheckoutForm,
  saveCheckoutForm,
  type CheckoutForm,
} from './checkout-form';

const plan = (id: string, type: 'subscription' | 'one_time' = 'subscription'): Product => ({
  id,
  productId: `prod_${id}`,
  priceId: `price_${id}`,
  name: id,
  description: '',
  price: 5.99,
  unitAmount: 599,
  currency: 'usd',
  active: true,
  metadata: { type, tier: 'plus', is_addon: false, addon_type: null },
});

const filled: CheckoutForm = {
  billingType: 'subscription',
  selectedPlan: plan('p1'),
  selectedAddOns: ['a1', 'a2'],
  email: 'ana@example.com',
  password: 'fiesta-2026',
  customerId: 'cus_1',
};

describe('checkout form transitions', () => {
  it('clears plan and add-ons when the billing type changes', () => {
    const next = checkoutReducer(filled, { type: 'setBilling', billingType: 'one_time' });
    expect(next).toMatchObject({ billingType: 'one_time', selectedPlan: null, selectedAddOns: [] });
    expect(next.email).toBe(filled.email);
  });

  it('clears add-ons when another plan is chosen, keeps them for the same plan', () => {
    expect(checkoutReducer(filled, { type: 'selectPlan', plan: plan('p2') }).selectedAddOns).toEqual([]);
    expect(checkoutReducer(filled, { type: 'selectPlan', plan: plan('p1') }).selectedAddOns).toEqual(['a1', 'a2']);
  });

  it('takes the billing type of the chosen plan', () => {
    expect(checkoutReducer(emptyCheckoutForm, { type: 'selectPlan', plan: plan('p3', 'one_time') }).billingType).toBe(
      'one_time',
    );
  });

  it('adds and removes an add-on id on toggle', () => {
    const added = checkoutReducer(filled, { type: 'toggleAddon', addonId: 'a3' });
    expect(added.selectedAddOns).toEqual(['a1', 'a2', 'a3']);
    expect(checkoutReducer(added, { type: 'toggleAddon', addonId: 'a1' }).selectedAddOns).toEqual(['a2', 'a3']);
  });
});

describe('checkout form persistence', () => {
  it('stores everything but the password', () => {
    saveCheckoutForm(filled);
    const raw = localStorage.getItem(CHECKOUT_FORM_KEY) ?? '';
    expect(raw).not.toContain('fiesta-2026');
    expect(JSON.parse(raw)).not.toHaveProperty('password');
    expect(loadCheckoutForm()).toEqual({ ...filled, password: '' });
  });

  it('starts empty when nothing or garbage is stored', () => {
    expect(loadCheckoutForm()).toEqual(emptyCheckoutForm);
    localStorage.setItem(CHECKOUT_FORM_KEY, '{not json');
    expect(loadCheckoutForm()).toEqual(emptyCheckoutForm);
    localStorage.setItem(CHECKOUT_FORM_KEY, JSON.stringify({ selectedPlan: 'x', selectedAddOns: ['a'] }));
    expect(loadCheckoutForm()).toMatchObject({ selectedPlan: null, selectedAddOns: [] });
  });

  it('is removed on clear', () => {
    saveCheckoutForm(filled);
    clearCheckoutForm();
    expect(localStorage.getItem(CHECKOUT_FORM_KEY)).toBeNull();
  });

  it('is deleted when the browser leaves to pay, yet comes back with the plan and add-ons after a declined card', () => {
    saveCheckoutForm(filled);
    holdCheckoutForPayment(filled);
    // Spec 000 §4: the saved form is deleted on leaving for the card page…
    expect(localStorage.getItem(CHECKOUT_FORM_KEY)).toBeNull();
    expect(localStorage.getItem(AWAITING_PAYMENT_KEY)).not.toContain('fiesta-2026');
    // …and the buyer who comes back unpaid finds step 3 as they left it.
    expect(loadCheckoutForm()).toEqual({ ...filled, password: '' });
    // A form saved since (the buyer changed something) wins over the copy.
    saveCheckoutForm({ ...filled, selectedAddOns: [] });
    expect(loadCheckoutForm().selectedAddOns).toEqual([]);
  });

  it('forgets the copy once the payment is confirmed', () => {
    holdCheckoutForPayment(filled);
    forgetCheckoutAwaitingPayment();
    expect(localStorage.getItem(AWAITING_PAYMENT_KEY)).toBeNull();
    expect(loadCheckoutForm()).toEqual(emptyCheckoutForm);
  });
});
