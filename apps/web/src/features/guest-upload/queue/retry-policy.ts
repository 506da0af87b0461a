import { ErrorCode } from '@momentos/contract/errors';
import { ApiError, NETWORK_ERROR_STATUS } from '@/lib/api-error';

/**
 * What the queue does after a failed try of one file:
 * - `retry`: the network or the server may answer differently later (no answer, a timeout, 5xx,
 *   429, 408, a moved offset); the file waits and goes again by itself, without a tap;
 * - `rejoin`: the guest pass was refused; the page joins the album again and retries at once;
 * - `stop`: the answer will not change (type, size, the plan's limits, the upload window): the file
 *   stops with its message.
 */
export type FailureAction = 'retry' | 'rejoin' | 'stop';

const RETRYABLE_STATUSES = new Set([NETWORK_ERROR_STATUS, 408, 409, 425, 429]);
const REJOIN_CODES = new Set<string>([ErrorCode.GUEST_TOKEN_REQUIRED, ErrorCode.ALBUM_ACCESS_DENIED]);

export function actionAfterFailure(error: unknown): FailureAction {
  if (!(error instanceof ApiError)) return 'retry';
  if (RETRYABLE_STATUSES.has(error.status) || error.status >= 500) return 'retry';
  if ((error.status === 401 || error.status === 403) && (!error.code || REJOIN_CODES.has(error.code))) return 'rejoin';
  return 'stop';
}

/** The first wait, and the longest: a guest at a venue should never wait a minute for nothing. */
export const FIRST_RETRY_MS = 500;
export const MAX_RETRY_MS = 30_000;

/**
 * How long to wait before try number `attempt + 1` (attempt counts failures since the file last
 * made progress): doubling from half a second up to 30 s, with "equal jitter" (between half and all
 * of that) so that a hundred phones dropped by the same Wi-Fi do not all come back in the same
 * instant. A Retry-After from the server is a floor.
 */
export function retryDelayMs(attempt: number, retryAfterSeconds?: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1));
  const jittered = ceiling / 2 + random() * (ceiling / 2);
  return Math.round(Math.max(jittered, (retryAfterSeconds ?? 0) * 1000));
}
