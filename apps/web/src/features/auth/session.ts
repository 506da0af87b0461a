import type { Session } from '@momentos/contract';
import { AUTH_STATE_CHANGED } from '@/lib/session-renewal';
import { readStorage, removeStorage, StorageKeys, writeStorage } from '@/lib/storage';

export { AUTH_STATE_CHANGED, SESSION_ENDED } from '@/lib/session-renewal';

/** The stored session, or null when there is none or it cannot be parsed. */
export function readSession(): Session | null {
  const raw = readStorage(StorageKeys.session);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Session) : null;
  } catch {
    return null;
  }
}

/**
 * Spec 000 §4: logged in when an access token is stored and has not expired. expires_at is in
 * seconds; a missing or non-numeric expiry counts as expired.
 */
export function isLoggedIn(session: Partial<Session> | null | undefined, nowMs: number = Date.now()): boolean {
  if (!session?.access_token) return false;
  const expiresAt = session.expires_at;
  if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return false;
  return expiresAt * 1000 > nowMs;
}

/**
 * Signed in for the app: a valid access token, or an expired one with the refresh token that
 * renews it (the api client renews before the next request; a refused renewal signs out).
 */
export function hasSession(session: Partial<Session> | null | undefined, nowMs: number = Date.now()): boolean {
  if (!session?.access_token) return false;
  return isLoggedIn(session, nowMs) || (typeof session.refresh_token === 'string' && session.refresh_token !== '');
}

export function notifyAuthChanged(): void {
  window.dispatchEvent(new Event(AUTH_STATE_CHANGED));
}

export function saveSession(session: Session): void {
  writeStorage(StorageKeys.session, JSON.stringify(session));
  notifyAuthChanged();
}

export function clearSession(): void {
  removeStorage(StorageKeys.session);
  notifyAuthChanged();
}
