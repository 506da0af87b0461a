import { ErrorCode } from '@momentos/contract';
import type { Config } from '../../config.js';
import { hashToken } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/http/app-error.js';
import type { FailureDelay, FailureDelayPolicy } from '../../platform/rate-limit/failure-delay.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function tooManySignIns(retryAfterSeconds: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const error = new AppError(
    ErrorCode.RATE_LIMITED,
    429,
    `Too many sign-in attempts. Please wait ${waitText(seconds)} and try again.`,
  );
  error.retryAfterSeconds = seconds;
  return error;
}

/**
 * Wrong passwords for one account, counted two ways (docs/decisions.md, "Sign-in attempts"). Each
 * client address has a fixed budget per account and window, after which that address is refused
 * for that account. Across all addresses the account is never locked: past a few wrong passwords
 * every further attempt waits a doubling, capped delay after the last one, so a stranger can keep
 * the owner waiting at most that cap. Keys hold a digest of the e-mail, never the e-mail itself.
 */
export function createSignInThrottle({
  rateLimiter,
  failureDelay,
  config,
}: {
  rateLimiter: RateLimiter;
  failureDelay: FailureDelay;
  config: Config;
}) {
  const windowSeconds = config.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  const budget = config.AUTH_WRONG_PASSWORDS_PER_ACCOUNT_AND_IP;
  const policy: FailureDelayPolicy = {
    freeFailures: config.AUTH_WRONG_PASSWORDS_BEFORE_DELAY,
    baseDelayMs: config.AUTH_SIGN_IN_DELAY_BASE_MS,
    maxDelayMs: config.AUTH_SIGN_IN_DELAY_MAX_MS,
    forgetAfterSeconds: windowSeconds,
  };
  const keysOf = (email: string, clientIp: string) => {
    const account = hashToken(email.toLowerCase());
    return { byAddress: `sign-in:wrong:${account}:${clientIp}`, byAccount: `sign-in:delay:${account}` };
  };

  return {
    /**
     * Lets one sign-in attempt check its password, or throws 429 without checking it. The attempt
     * counts as a wrong password (in both counts) until `succeeded` clears them.
     */
    async admit(email: string, clientIp: string) {
      const keys = keysOf(email, clientIp);
      const byAddress = await rateLimiter.hit(keys.byAddress, budget, windowSeconds);
      if (!byAddress.allowed) throw tooManySignIns(byAddress.retryAfterSeconds);
      const claim = await failureDelay.claim(keys.byAccount, policy);
      if (!claim.allowed) {
        // Waiting out the account's delay is no wrong password: the address keeps its budget, so an
        // owner who tries again too early is never refused for the rest of the window.
        await rateLimiter.hit(keys.byAddress, budget, windowSeconds, -1).catch(() => undefined);
        throw tooManySignIns(claim.retryAfterMs / 1000);
      }
    },
    /** The admitted attempt had a wrong password: the account's delay runs from now. */
    failed: (email: string, clientIp: string) => failureDelay.markFailed(keysOf(email, clientIp).byAccount),
    /**
     * A right password clears the account's delay and this address's count. Other addresses keep
     * theirs: the owner signing in must not hand a stranger's address a fresh budget.
     */
    async succeeded(email: string, clientIp: string) {
      const keys = keysOf(email, clientIp);
      await Promise.all([rateLimiter.reset(keys.byAddress), failureDelay.reset(keys.byAccount)]);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
