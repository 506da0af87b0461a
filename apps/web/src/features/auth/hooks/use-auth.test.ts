import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageKeys } from '@/lib/storage';
import { AUTH_STATE_CHANGED } from '../session';
import { AUTH_POLL_MS, useAuth } from './use-auth';

const NOW = Date.parse('2026-05-01T12:00:00Z');

function sessionExpiringIn(seconds: number | undefined, refreshToken = 'refresh') {
  return {
    access_token: 'access',
    refresh_token: refreshToken,
    ...(seconds === undefined ? {} : { expires_at: Math.floor(NOW / 1000) + seconds }),
    user: {
      id: '6f1c2d3e-0000-4000-8000-000000000001',
      email: 'ana@example.com',
      user_metadata: { email_verified: false },
    },
  };
}

/** Writes the stored session the way another tab would: no event in this window. */
function storeQuietly(session: object | null) {
  if (session) localStorage.setItem(StorageKeys.session, JSON.stringify(session));
  else localStorage.removeItem(StorageKeys.session);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useAuth', () => {
  it('re-evaluates on the storage event (another tab signed in or out)', () => {
    const { result } = renderHook(() => useAuth());
    expect(result.current.isLoggedIn).toBe(false);

    storeQuietly(sessionExpiringIn(3600));
    expect(result.current.isLoggedIn).toBe(false);
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: StorageKeys.session })));
    expect(result.current).toMatchObject({ isLoggedIn: true, user: { email: 'ana@example.com' } });

    storeQuietly(null);
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: null })));
    expect(result.current).toEqual({ isLoggedIn: false, session: null, user: null });
  });

  it('ignores storage events for other keys', () => {
    const { result } = renderHook(() => useAuth());
    storeQuietly(sessionExpiringIn(3600));
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: StorageKeys.language })));
    expect(result.current.isLoggedIn).toBe(false);
  });

  it('re-evaluates on authStateChanged', () => {
    const { result } = renderHook(() => useAuth());
    storeQuietly(sessionExpiringIn(3600));
    expect(result.current.isLoggedIn).toBe(false);
    act(() => void window.dispatchEvent(new Event(AUTH_STATE_CHANGED)));
    expect(result.current.isLoggedIn).toBe(true);
  });

  it('re-evaluates every 30 s, so an expiry with nothing to renew it shows without any event', () => {
    storeQuietly(sessionExpiringIn(10, ''));
    const { result } = renderHook(() => useAuth());
    expect(result.current.isLoggedIn).toBe(true);

    // Expired after 10 s, but nothing re-reads it until the poll.
    act(() => void vi.advanceTimersByTime(AUTH_POLL_MS - 1));
    expect(result.current.isLoggedIn).toBe(true);
    act(() => void vi.advanceTimersByTime(1));
    expect(AUTH_POLL_MS).toBe(30_000);
    expect(result.current.isLoggedIn).toBe(false);
  });

  it('treats a missing or past expiry as logged out when there is no refresh token', () => {
    storeQuietly(sessionExpiringIn(undefined, ''));
    expect(renderHook(() => useAuth()).result.current.isLoggedIn).toBe(false);
    storeQuietly(sessionExpiringIn(-1, ''));
    expect(renderHook(() => useAuth()).result.current.isLoggedIn).toBe(false);
    storeQuietly({ ...sessionExpiringIn(3600, ''), expires_at: 'soon' });
    expect(renderHook(() => useAuth()).result.current.isLoggedIn).toBe(false);
  });

  it('keeps an expired session signed in while its refresh token can renew it', () => {
    storeQuietly(sessionExpiringIn(-1));
    expect(renderHook(() => useAuth()).result.current).toMatchObject({
      isLoggedIn: true,
      user: { email: 'ana@example.com' },
    });
    storeQuietly(null);
    expect(renderHook(() => useAuth()).result.current.isLoggedIn).toBe(false);
  });
});
