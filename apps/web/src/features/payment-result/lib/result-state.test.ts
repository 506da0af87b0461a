import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { classifyPaymentResult } from './result-state';

const base = { sessionId: 'cs_1', isPending: false, paymentStatus: undefined, error: null };

describe('payment result state', () => {
  it('is error without a session id, whatever else happened', () => {
    expect(classifyPaymentResult({ ...base, sessionId: null })).toBe('error');
    expect(classifyPaymentResult({ ...base, sessionId: '', isPending: true })).toBe('error');
  });

  it('is loading while the verification runs', () => {
    expect(classifyPaymentResult({ ...base, isPending: true })).toBe('loading');
  });

  it('is success only for a paid session', () => {
    expect(classifyPaymentResult({ ...base, paymentStatus: 'paid' })).toBe('success');
    expect(classifyPaymentResult({ ...base, paymentStatus: 'unpaid' })).toBe('payment_failed');
  });

  it('is payment_failed for PAYMENT_INCOMPLETE or a not-completed/invalid message', () => {
    const incomplete = new ApiError('Payment not completed or invalid', 402, 'PAYMENT_INCOMPLETE');
    expect(classifyPaymentResult({ ...base, error: incomplete })).toBe('payment_failed');
    expect(classifyPaymentResult({ ...base, error: new ApiError('Payment not completed', 400) })).toBe(
      'payment_failed',
    );
    expect(classifyPaymentResult({ ...base, error: new Error('Invalid session') })).toBe('payment_failed');
  });

  it('is error for any other failure', () => {
    expect(
      classifyPaymentResult({ ...base, error: new ApiError('Internal server error', 500, 'INTERNAL_ERROR') }),
    ).toBe('error');
    expect(classifyPaymentResult({ ...base, error: new ApiError('Failed to fetch', 0, 'NETWORK_ERROR') })).toBe(
      'error',
    );
  });
});
