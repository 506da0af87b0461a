import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR_STATUS } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import type { CheckoutForm } from './checkout-form';

/** Client-side reasons spec 000 §5/§8 gives for not starting a payment. */
export type PayProblem = 'noProducts' | 'noCustomer' | 'noPrice' | 'noUrl';

export class PayProblemError extends Error {
  constructor(readonly problem: PayProblem) {
    super(problem);
    this.name = 'PayProblemError';
  }
}

/** What stops the pay request from being sent at all, checked in the spec's order. */
export function findPayProblem(form: CheckoutForm): PayProblem | null {
  if (!form.selectedPlan) return 'noProducts';
  if (!form.customerId) return 'noCustomer';
  if (!form.selectedPlan.priceId) return 'noPrice';
  return null;
}

/**
 * Translated text for a payment failure: our own reasons, then the checkout's words for a server
 * code, then the site's (lib/error-message.ts); never the server's English message.
 */
export function describePaymentError(t: TFunction<'checkout'>, error: unknown): string {
  if (error instanceof PayProblemError) return t(`errors.${error.problem}`);
  if (error instanceof ApiError) {
    if (error.status === NETWORK_ERROR_STATUS) return t('errors.offline');
    const known = error.code ? t(`errors.codes.${error.code}`, { defaultValue: '' }) : '';
    if (known) return known;
    if (error.status >= 500) return t('errors.generic');
    return describeError(t as unknown as TFunction, error, t('errors.generic'));
  }
  return t('errors.generic');
}
