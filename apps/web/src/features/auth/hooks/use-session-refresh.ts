import { useEffect } from 'react';
import { refreshSession } from '../api/auth-api';
import { clearSession, readSession, saveSession } from '../session';
import { useAuth } from './use-auth';

/** Refresh this long before expires_at so a request never races the expiry. */
export const REFRESH_LEAD_MS = 60_000;
// setTimeout overflows past 2^31-1 ms (~24.8 days); re-arming later is harmless.
const MAX_TIMER_MS = 2_147_483_647;

export function refreshDelayMs(expiresAtSeconds: number, nowMs: number = Date.now()): number {
  return Math.min(MAX_TIMER_MS, Math.max(0, expiresAtSeconds * 1000 - REFRESH_LEAD_MS - nowMs));
}

/** Keeps the stored session alive; a failed refresh logs the user out. Mount once, at the root. */
export function useSessionRefresh(): void {
  const { session } = useAuth();
  const refreshToken = session?.refresh_token;
  const expiresAt = session?.expires_at;

  useEffect(() => {
    if (!refreshToken || typeof expiresAt !== 'number') return;
    let cancelled = false;
    const refresh = async () => {
      // Another tab may have refreshed already; only act if the stored token is still ours.
      if (readSession()?.refresh_token !== refreshToken) return;
      try {
        const next = await refreshSession({ refresh_token: refreshToken });
        if (!cancelled) saveSession(next);
      } catch {
        if (!cancelled && readSession()?.refresh_token === refreshToken) clearSession();
      }
    };
    // Tabs share one session and their timers fire together; the server treats a refresh token
    // presented twice as stolen and ends the session, so only one tab at a time may refresh.
    const timer = window.setTimeout(() => {
      if (navigator.locks) void navigator.locks.request('momentos.session-refresh', refresh);
      else void refresh();
    }, refreshDelayMs(expiresAt));
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [refreshToken, expiresAt]);
}
