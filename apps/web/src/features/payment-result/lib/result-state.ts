import { ApiError } from '@/lib/api-client';

export type PaymentResultState = 'loading' | 'success' | 'payment_failed' | 'error';

// Spec 000 §4: an error "indicating an incomplete or invalid payment" is a failed payment, not a
// broken page. The server sends PAYMENT_INCOMPLETE; the message test covers other providers.
const INCOMPLETE_MESSAGE = /not completed|invalid/i;

export function isIncompletePaymentError(error: unknown): boolean {
  if (error instanceof ApiError && error.code === 'PAYMENT_INCOMPLETE') return true;
  return error instanceof Error && INCOMPLETE_MESSAGE.test(error.message);
}

interface ResultInput {
  sessionId: string | null;
  isPending: boolean;
  paymentStatus?: string | undefined;
  error: unknown;
}

/** Which of the four result states to show (spec 000 §2, §4). */
export function classifyPaymentResult({ sessionId, isPending, paymentStatus, error }: ResultInput): PaymentResultState {
  if (!sessionId) return 'error';
  if (error) return isIncompletePaymentError(error) ? 'payment_failed' : 'error';
  if (isPending) return 'loading';
  // A verified session that is not paid (still processing, unpaid) did not complete either.
  return paymentStatus === 'paid' ? 'success' : 'payment_failed';
}
