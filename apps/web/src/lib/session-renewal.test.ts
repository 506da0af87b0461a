import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, defaultQueryFn } from './api-client';
import { AUTH_STATE_CHANGED, renewSession, SESSION_ENDED } from './session-renewal';
import { StorageKeys } from './storage';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);

const nowSeconds = () => Math.floor(Date.now() / 1000);

function storeSession(accessToken: string, refreshToken: string, expiresAt = nowSeconds() + 3600) {
  localStorage.setItem(
    StorageKeys.session,
    JSON.stringify({ access_token: accessToken, refresh_token: refreshToken, expires_at: expiresAt }),
  );
}

const stored = () =>
  JSON.parse(localStorage.getItem(StorageKeys.session) ?? 'null') as {
    access_token: string;
    refresh_token: string;
  } | null;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const signedOut = () =>
  json(
    {
      success: false,
      message: 'Your session has expired or is not valid. Please sign in again.',
      code: 'UNAUTHORIZED',
    },
    401,
  );
const renewed = (accessToken: string, refreshToken: string) =>
  json({
    success: true,
    data: { session: { access_token: accessToken, refresh_token: refreshToken, expires_at: nowSeconds() + 3600 } },
  });

const bearerOf = (init: RequestInit | undefined) => new Headers(init?.headers).get('Authorization');
const callsTo = (path: string) => fetchMock.mock.calls.filter(([url]) => url === path);

/** A stand-in server: the refresh answers `refresh` once it is released; other paths accept only `valid`. */
function server(valid: string, refresh: () => Response) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  fetchMock.mockImplementation(async (url, init) => {
    if (url === '/api/auth/refresh') {
      await released;
      return refresh();
    }
    return bearerOf(init) === `Bearer ${valid}` ? json({ ok: String(url) }) : signedOut();
  });
  return { release };
}

beforeEach(() => localStorage.clear());
afterEach(() => fetchMock.mockReset());

describe('renewing the session on a 401', () => {
  it('renews once for concurrent refusals and retries each request once with the new token', async () => {
    storeSession('old-access', 'refresh-1');
    const { release } = server('new-access', () => renewed('new-access', 'refresh-2'));

    const requests = [
      apiRequest('/api/a'),
      apiRequest('/api/b'),
      defaultQueryFn({ queryKey: ['/api/c'], signal: new AbortController().signal } as never),
    ];
    await vi.waitFor(() => expect(callsTo('/api/auth/refresh')).toHaveLength(1));
    release();

    await expect(Promise.all(requests)).resolves.toEqual([{ ok: '/api/a' }, { ok: '/api/b' }, { ok: '/api/c' }]);
    expect(callsTo('/api/auth/refresh')).toHaveLength(1);
    expect(JSON.parse(String(callsTo('/api/auth/refresh')[0]?.[1]?.body))).toEqual({ refresh_token: 'refresh-1' });
    for (const path of ['/api/a', '/api/b', '/api/c']) {
      expect(callsTo(path).map(([, init]) => bearerOf(init))).toEqual(['Bearer old-access', 'Bearer new-access']);
    }
    expect(stored()).toMatchObject({ access_token: 'new-access', refresh_token: 'refresh-2' });
  });

  it('retries only once: a second refusal is the answer', async () => {
    storeSession('old-access', 'refresh-1');
    const { release } = server('nobody', () => renewed('new-access', 'refresh-2'));
    release();
    const error = await apiRequest('/api/a').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(callsTo('/api/a')).toHaveLength(2);
    expect(callsTo('/api/auth/refresh')).toHaveLength(1);
  });

  it('signs out and says the session ended when the refresh token is refused', async () => {
    storeSession('old-access', 'revoked');
    const { release } = server('new-access', () =>
      json({ success: false, message: 'Invalid or expired refresh token', code: 'INVALID_REFRESH_TOKEN' }, 401),
    );
    release();
    const changed = vi.fn();
    const ended = vi.fn();
    window.addEventListener(AUTH_STATE_CHANGED, changed);
    window.addEventListener(SESSION_ENDED, ended);

    const error = await apiRequest('/api/a').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(stored()).toBeNull();
    expect(changed).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(callsTo('/api/a')).toHaveLength(1);
    window.removeEventListener(AUTH_STATE_CHANGED, changed);
    window.removeEventListener(SESSION_ENDED, ended);
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    storeSession('old-access', 'refresh-1');
    const ended = vi.fn();
    window.addEventListener(SESSION_ENDED, ended);
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/auth/refresh') throw new TypeError('Failed to fetch');
      return signedOut();
    });
    await expect(apiRequest('/api/a')).rejects.toMatchObject({ status: 401 });
    expect(stored()).toMatchObject({ access_token: 'old-access', refresh_token: 'refresh-1' });
    expect(ended).not.toHaveBeenCalled();
    window.removeEventListener(SESSION_ENDED, ended);
  });

  it('does not renew for a wrong password', async () => {
    storeSession('old-access', 'refresh-1');
    fetchMock.mockResolvedValue(
      json({ success: false, message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }, 401),
    );
    await expect(apiRequest('/api/auth/login', { body: {} })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(callsTo('/api/auth/refresh')).toHaveLength(0);
  });
});

describe('renewing an expired session before a request', () => {
  it('renews first, then sends the request once with the new token', async () => {
    storeSession('expired-access', 'refresh-1', nowSeconds() - 60);
    const { release } = server('new-access', () => renewed('new-access', 'refresh-2'));
    release();
    await expect(apiRequest('/api/events/cliente')).resolves.toEqual({ ok: '/api/events/cliente' });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/refresh', '/api/events/cliente']);
    expect(bearerOf(callsTo('/api/events/cliente')[0]?.[1])).toBe('Bearer new-access');
  });
});

describe('one renewal for every tab', () => {
  it('retries without renewing when the stored token already changed since the refusal', async () => {
    storeSession('new-access', 'refresh-2');
    await expect(renewSession('old-access')).resolves.toBe('renewed');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('waits for the tab holding the lock and uses its renewal instead of spending the same refresh token', async () => {
    let grant!: () => void;
    const held = new Promise<void>((resolve) => (grant = resolve));
    const locks = { request: async (_name: string, callback: () => Promise<unknown>) => (await held, callback()) };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      storeSession('old-access', 'refresh-1');
      const pending = renewSession('old-access');
      storeSession('other-tab-access', 'refresh-2');
      grant();
      await expect(pending).resolves.toBe('renewed');
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });
});
