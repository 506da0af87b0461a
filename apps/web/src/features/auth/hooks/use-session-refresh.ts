import { useEffect } from 'react';
import { isRenewalDue, renewSession } from '@/lib/session-renewal';
import { useAuth } from './use-auth';

/** Refresh this long before expires_at so a request never races the expiry. */
export const REFRESH_LEAD_MS = 60_000;
/** After a renewal that could not reach the server (offline, 5xx), try again this much later. */
export const RENEWAL_RETRY_MS = 30_000;
// setTimeout overflows past 2^31-1 ms (~24.8 days); re-arming later is harmless.
const MAX_TIMER_MS = 2_147_483_647;

export function refreshDelayMs(expiresAtSeconds: number, nowMs: number = Date.now()): number {
  return Math.min(MAX_TIMER_MS, Math.max(0, expiresAtSeconds * 1000 - REFRESH_LEAD_MS - nowMs));
}

/**
 * Keeps the stored session alive: renews it a minute before it expires, and at once when the page
 * opens with an expired one. The renewal is lib/session-renewal.ts's (one at a time, across tabs);
 * a refused renewal signs out and asks to sign in again. Mount once, at the root.
 */
export function useSessionRefresh(): void {
  const { session } = useAuth();
  const refreshToken = session?.refresh_token;
  const expiresAt = session?.expires_at;

  useEffect(() => {
    if (!refreshToken) return;
    let cancelled = false;
    let timer: number | undefined;
    const arm = (delay: number) => {
      timer = window.setTimeout(() => void renew(), delay);
    };
    const renew = async () => {
      // Not due yet: a request renewed it a moment ago (this effect then re-runs), or the timer was capped.
      if (!isRenewalDue(REFRESH_LEAD_MS + 1000))
        return arm(Math.max(RENEWAL_RETRY_MS, typeof expiresAt === 'number' ? refreshDelayMs(expiresAt) : 0));
      if ((await renewSession()) === 'failed' && !cancelled) arm(RENEWAL_RETRY_MS);
    };
    arm(typeof expiresAt === 'number' && Number.isFinite(expiresAt) ? refreshDelayMs(expiresAt) : 0);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [refreshToken, expiresAt]);
}
