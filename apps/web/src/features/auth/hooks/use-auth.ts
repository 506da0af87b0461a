import type { AuthUser, Session } from '@momentos/contract';
import { useSyncExternalStore } from 'react';
import { readStorage, StorageKeys } from '@/lib/storage';
import { AUTH_STATE_CHANGED, hasSession, readSession } from '../session';

/** Spec 000 §9: the auth status is also re-checked on a 30 s poll, so expiry shows up unprompted. */
export const AUTH_POLL_MS = 30_000;

export interface AuthState {
  isLoggedIn: boolean;
  session: Session | null;
  user: AuthUser | null;
}

const loggedOut: AuthState = { isLoggedIn: false, session: null, user: null };
let cached: { raw: string | null; loggedIn: boolean; state: AuthState } | null = null;

// The snapshot must be referentially stable while nothing changed, so it is cached on the raw
// stored string plus the expiry verdict (which changes with time alone).
function getSnapshot(): AuthState {
  const raw = readStorage(StorageKeys.session);
  const session = readSession();
  const loggedIn = hasSession(session);
  if (cached && cached.raw === raw && cached.loggedIn === loggedIn) return cached.state;
  const state: AuthState = loggedIn && session ? { isLoggedIn: true, session, user: session.user ?? null } : loggedOut;
  cached = { raw, loggedIn, state };
  return state;
}

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === StorageKeys.session) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(AUTH_STATE_CHANGED, onChange);
  const timer = window.setInterval(onChange, AUTH_POLL_MS);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(AUTH_STATE_CHANGED, onChange);
    window.clearInterval(timer);
  };
}

/**
 * The current auth status. Re-evaluated on the storage event (other tabs), on authStateChanged,
 * every 30 s, and on every render, which covers route changes. An expired access token still
 * counts while its refresh token can renew it (useSessionRefresh and the api client do, before
 * anything is asked of the server); a refused renewal clears the session.
 */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, getSnapshot, () => loggedOut);
}
