import type { Session } from '@momentos/contract';
import { readStorage, removeStorage, StorageKeys, writeStorage } from '@/lib/storage';

/** Window event every part of the app listens to when the stored session changes. */
export const AUTH_STATE_CHANGED = 'authStateChanged';

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
