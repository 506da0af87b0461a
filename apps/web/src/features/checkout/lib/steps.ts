import type { CheckoutForm } from './checkout-form';

export const CHECKOUT_STEPS = 3;
export type CheckoutStep = 1 | 2 | 3;

/** The step in /checkout/step/:step; no param is step 1, anything invalid is null. */
export function parseStep(raw: string | undefined): CheckoutStep | null {
  if (raw === undefined) return 1;
  return raw === '1' || raw === '2' || raw === '3' ? (Number(raw) as CheckoutStep) : null;
}

export function stepPath(step: CheckoutStep): string {
  return step === 1 ? '/checkout' : `/checkout/step/${step}`;
}

/**
 * Spec 000 §4: step 2 needs a plan; step 3 needs a plan and a payment customer, and a signed-in
 * user because the customer and the checkout session belong to that user. Returns where to go
 * instead, or null when the step may be shown.
 */
export function redirectForStep(step: CheckoutStep, form: CheckoutForm, isLoggedIn: boolean): string | null {
  if (step >= 2 && !form.selectedPlan) return stepPath(1);
  if (step === 3 && (!form.customerId || !isLoggedIn)) return stepPath(2);
  return null;
}

/** form_abandoned's fields_completed / total_fields (spec 000 §7). */
export function completedFields(form: CheckoutForm): { fields_completed: number; total_fields: number } {
  const fields = [Boolean(form.selectedPlan), form.email.trim() !== '', form.password !== '', Boolean(form.customerId)];
  return { fields_completed: fields.filter(Boolean).length, total_fields: fields.length };
}
