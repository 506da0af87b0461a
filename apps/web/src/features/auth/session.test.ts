import type { Session } from '@momentos/contract';
import { describe, expect, it, vi } from 'vitest';
import { StorageKeys } from '@/lib/storage';
import { refreshDelayMs } from './hooks/use-session-refresh';
import { AUTH_STATE_CHANGED, clearSession, isLoggedIn, readSession, saveSession } from './session';

const NOW = 1_700_000_000_000;
const inSeconds = (s: number) => Math.floor(NOW / 1000) + s;

function session(overrides: Partial<Session> = {}): Session {
  return {
    access_token: 'access',
    refresh_token: 'refresh',
    expires_at: inSeconds(3600),
    expires_in: 3600,
    token_type: 'bearer',
    user: {
      id: '00000000-0000-4000-8000-000000000000',
      email: 'ana@example.com',
      role: 'host',
      created_at: '',
      user_metadata: { email_verified: false },
    },
    ...overrides,
  };
}

describe('isLoggedIn', () => {
  it('is true with a token that expires in the future', () => {
    expect(isLoggedIn(session(), NOW)).toBe(true);
  });

  it('is false once expires_at has passed', () => {
    expect(isLoggedIn(session({ expires_at: inSeconds(-1) }), NOW)).toBe(false);
    expect(isLoggedIn(session({ expires_at: inSeconds(0) }), NOW)).toBe(false);
  });

  it('treats a missing expiry as logged out', () => {
    const { expires_at: _omit, ...rest } = session();
    expect(isLoggedIn(rest, NOW)).toBe(false);
  });

  it('is false without an access token or session', () => {
    expect(isLoggedIn(session({ access_token: '' }), NOW)).toBe(false);
    expect(isLoggedIn(null, NOW)).toBe(false);
  });
});

describe('session storage', () => {
  it('stores the whole session under one key and broadcasts authStateChanged', () => {
    const listener = vi.fn();
    window.addEventListener(AUTH_STATE_CHANGED, listener);
    saveSession(session());
    expect(JSON.parse(localStorage.getItem(StorageKeys.session) ?? '{}')).toMatchObject({ access_token: 'access' });
    expect(readSession()?.user.email).toBe('ana@example.com');
    clearSession();
    expect(localStorage.getItem(StorageKeys.session)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    window.removeEventListener(AUTH_STATE_CHANGED, listener);
  });

  it('reads unparseable storage as no session', () => {
    localStorage.setItem(StorageKeys.session, '{not json');
    expect(readSession()).toBeNull();
  });
});

describe('refreshDelayMs', () => {
  it('fires 60 s before expiry, and at once when that moment has passed', () => {
    expect(refreshDelayMs(inSeconds(3600), NOW)).toBe(3_540_000);
    expect(refreshDelayMs(inSeconds(30), NOW)).toBe(0);
  });
});
