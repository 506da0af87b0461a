import type { VerifySessionResponse } from '@momentos/contract';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/stripe/verify-session/{id}: the one call that confirms a returning checkout session (a
 * plan's on the payment result page, an add-on's on the album detail), idempotent, so a webhook
 * that has not arrived yet cannot leave the buyer waiting. Failures keep the body's message and code.
 */
export async function verifyCheckoutSession(sessionId: string, signal?: AbortSignal) {
  const path = `/api/stripe/verify-session/${encodeURIComponent(sessionId)}`;
  return (await apiRequest<VerifySessionResponse>(path, { signal })).data;
}
