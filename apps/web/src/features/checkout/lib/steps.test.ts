import { describe, expect, it } from 'vitest';
import { emptyCheckoutForm, type CheckoutForm } from './checkout-form';
import { completedFields, parseStep, redirectForStep } from './steps';

const withPlan = { ...emptyCheckoutForm, selectedPlan: { id: 'p' } } as CheckoutForm;

describe('checkout steps', () => {
  it('reads 1 to 3 and rejects anything else', () => {
    expect(parseStep(undefined)).toBe(1);
    expect(parseStep('3')).toBe(3);
    expect(parseStep('4')).toBeNull();
    expect(parseStep('2.0')).toBeNull();
  });

  it('sends step 2 without a plan back to step 1', () => {
    expect(redirectForStep(2, emptyCheckoutForm, true)).toBe('/checkout');
    expect(redirectForStep(2, withPlan, false)).toBeNull();
  });

  it('sends step 3 without a customer or session back to step 2', () => {
    expect(redirectForStep(3, withPlan, true)).toBe('/checkout/step/2');
    expect(redirectForStep(3, { ...withPlan, customerId: 'cus' }, false)).toBe('/checkout/step/2');
    expect(redirectForStep(3, { ...withPlan, customerId: 'cus' }, true)).toBeNull();
    expect(redirectForStep(3, { ...emptyCheckoutForm, customerId: 'cus' }, true)).toBe('/checkout');
  });

  it('counts completed fields for form_abandoned', () => {
    expect(completedFields({ ...withPlan, email: 'a@b.co' })).toEqual({ fields_completed: 2, total_fields: 4 });
  });
});
