import { ErrorCode } from '@momentos/contract';
import type { Config } from '../../config.js';
import { hashToken } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/http/app-error.js';
import type { FailureDelay, FailureDelayPolicy } from '../../platform/rate-limit/failure-delay.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import type { RememberedKeys } from '../../platform/rate-limit/remembered-keys.js';

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

/** How long a device an account signed in from stays known. */
const KNOWN_DEVICE_SECONDS = 400 * 86_400;

/**
 * Wrong passwords for one account (docs/decisions.md, "Sign-in attempts"). A device the account
 * signed in from before (its `momentos_device` cookie) has a budget of its own per window and
 * nothing else can hold it back, so the owner's phone gets in whatever strangers do. Any other
 * device is counted by its address: a fixed budget per account and window, after which that
 * address is refused for that account, and past a few wrong passwords a doubling, capped delay
 * after its last one; delays are per address, so a stranger's wrong passwords never make the owner
 * wait. What keeps brute force as slow as before is the account's budget for unknown devices from
 * all addresses together: past it, only known devices may try until the window ends. Keys hold a
 * digest of the e-mail and of the device, never either itself.
 */
export function createSignInThrottle({
  rateLimiter,
  failureDelay,
  knownDevices,
  config,
}: {
  rateLimiter: RateLimiter;
  failureDelay: FailureDelay;
  knownDevices: RememberedKeys;
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
  const keysOf = (attempt: SignInAttempt) => {
    const account = hashToken(attempt.email.toLowerCase());
    const device = attempt.deviceId ? hashToken(attempt.deviceId) : undefined;
    return {
      byAddress: `sign-in:wrong:${account}:${attempt.clientIp}`,
      delay: `sign-in:delay:${account}:${attempt.clientIp}`,
      unknownDevices: `sign-in:unknown-devices:${account}`,
      knownDevice: device && `sign-in:device:${account}:${device}`,
      byDevice: device && `sign-in:wrong-device:${account}:${device}`,
    };
  };
  const giveBack = (key: string) => rateLimiter.hit(key, budget, windowSeconds, -1).catch(() => undefined);

  return {
    /**
     * Lets one sign-in attempt check its password, or throws 429 without checking it. The attempt
     * counts as a wrong password until `succeeded` clears it; answers whether it came from a known device.
     */
    async admit(attempt: SignInAttempt): Promise<{ isKnownDevice: boolean }> {
      const keys = keysOf(attempt);
      if (
        keys.knownDevice &&
        keys.byDevice &&
        (await knownDevices.isRemembered(keys.knownDevice, KNOWN_DEVICE_SECONDS))
      ) {
        const byDevice = await rateLimiter.hit(keys.byDevice, budget, windowSeconds);
        if (!byDevice.allowed) throw tooManySignIns(byDevice.retryAfterSeconds);
        return { isKnownDevice: true };
      }
      const byAddress = await rateLimiter.hit(keys.byAddress, budget, windowSeconds);
      if (!byAddress.allowed) throw tooManySignIns(byAddress.retryAfterSeconds);
      const unknown = await rateLimiter.peek([{ key: keys.unknownDevices, windowSeconds }]);
      if ((unknown.get(keys.unknownDevices) ?? 0) >= config.AUTH_WRONG_PASSWORDS_PER_ACCOUNT) {
        await giveBack(keys.byAddress);
        throw tooManySignIns(windowSeconds - Math.floor((Date.now() / 1000) % windowSeconds));
      }
      const claim = await failureDelay.claim(keys.delay, policy);
      if (!claim.allowed) {
        // Waiting out the delay is no wrong password: the address keeps its budget, so an owner who
        // tries again too early is never refused for the rest of the window.
        await giveBack(keys.byAddress);
        throw tooManySignIns(claim.retryAfterMs / 1000);
      }
      return { isKnownDevice: false };
    },
    /** The admitted attempt had a wrong password: its delay runs from now, and an unknown device's counts for the account. */
    async failed(attempt: SignInAttempt, { isKnownDevice }: { isKnownDevice: boolean }) {
      if (isKnownDevice) return;
      const keys = keysOf(attempt);
      await Promise.all([
        failureDelay.markFailed(keys.delay),
        rateLimiter.hit(keys.unknownDevices, config.AUTH_WRONG_PASSWORDS_PER_ACCOUNT, windowSeconds),
      ]);
    },
    /**
     * A right password clears this address's (or device's) count and delay, and remembers the device.
     * Other addresses keep theirs: the owner signing in must not hand a stranger a fresh budget.
     */
    async succeeded(attempt: SignInAttempt) {
      const keys = keysOf(attempt);
      await Promise.all([
        rateLimiter.reset(keys.byAddress),
        failureDelay.reset(keys.delay),
        keys.byDevice ? rateLimiter.reset(keys.byDevice) : undefined,
        keys.knownDevice ? knownDevices.remember(keys.knownDevice) : undefined,
      ]);
    },
  };
}

export interface SignInAttempt {
  email: string;
  clientIp: string;
  /** The browser's `momentos_device` cookie, when it sent one. */
  deviceId?: string;
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
