import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StorageKeys } from '@/lib/storage';
import { useAuth } from './use-auth';
import { useSessionRefresh } from './use-session-refresh';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => {
  fetchMock.mockReset();
  localStorage.clear();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);
const user = {
  id: '6f1c2d3e-0000-4000-8000-000000000001',
  email: 'ana@example.com',
  user_metadata: { email_verified: true },
};

function storeExpiredSession() {
  localStorage.setItem(
    StorageKeys.session,
    JSON.stringify({ access_token: 'old', refresh_token: 'refresh-1', expires_at: nowSeconds() - 7200, user }),
  );
}

const answer = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function useRootAuth() {
  useSessionRefresh();
  return useAuth();
}

describe('useSessionRefresh', () => {
  it('renews a session that expired while the page was closed, and the user stays signed in', async () => {
    storeExpiredSession();
    const renewed = { access_token: 'new', refresh_token: 'refresh-2', expires_at: nowSeconds() + 3600, user };
    fetchMock.mockResolvedValueOnce(answer({ success: true, data: { session: renewed, user } }, 200));
    const { result } = renderHook(() => useRootAuth());
    expect(result.current.isLoggedIn).toBe(true);
    await waitFor(() => expect(result.current.session?.access_token).toBe('new'));
    expect(result.current.isLoggedIn).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/refresh');
  });

  it('signs out when the server refuses the refresh token', async () => {
    storeExpiredSession();
    fetchMock.mockResolvedValueOnce(
      answer({ success: false, message: 'Invalid or expired refresh token', code: 'INVALID_REFRESH_TOKEN' }, 401),
    );
    const { result } = renderHook(() => useRootAuth());
    await waitFor(() => expect(result.current.isLoggedIn).toBe(false));
    expect(localStorage.getItem(StorageKeys.session)).toBeNull();
  });
});
