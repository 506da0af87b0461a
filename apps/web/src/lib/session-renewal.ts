import { readStorage, removeStorage, StorageKeys, writeStorage } from './storage';

/**
 * Renewing the signed-in session with its refresh token (POST /api/auth/refresh). It lives in lib,
 * beside the api client that needs it on every 401, and reads and writes the stored session
 * directly so lib stays free of feature imports; the auth feature re-exports the event names.
 */

/** Window event every part of the app listens to when the stored session changes. */
export const AUTH_STATE_CHANGED = 'authStateChanged';
/** Window event raised when the server refused to renew the session: the user must sign in again. */
export const SESSION_ENDED = 'momentos:sessionEnded';

/** Renew this long before the access token's expiry, so a request never races it. */
export const RENEW_AHEAD_MS = 10_000;

/** renewed: a fresh token is stored. ended: the server refused, the session is gone. failed: try later (offline, 5xx). */
export type RenewalOutcome = 'renewed' | 'ended' | 'failed';

interface StoredTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds since the epoch; undefined when the stored value is missing or not a number. */
  expiresAt: number | undefined;
}

function storedTokens(): StoredTokens | null {
  const raw = readStorage(StorageKeys.session);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { access_token?: unknown; refresh_token?: unknown; expires_at?: unknown } | null;
    const expiresAt = parsed?.expires_at;
    return {
      accessToken: typeof parsed?.access_token === 'string' ? parsed.access_token : '',
      refreshToken: typeof parsed?.refresh_token === 'string' ? parsed.refresh_token : '',
      expiresAt: typeof expiresAt === 'number' && Number.isFinite(expiresAt) ? expiresAt : undefined,
    };
  } catch {
    return null;
  }
}

/** The stored access token, or undefined when nobody is signed in. */
export function storedAccessToken(): string | undefined {
  return storedTokens()?.accessToken || undefined;
}

/** True when a session with a refresh token is stored and its access token has expired or expires within `withinMs`. */
export function isRenewalDue(withinMs: number = RENEW_AHEAD_MS, nowMs: number = Date.now()): boolean {
  const tokens = storedTokens();
  if (!tokens?.refreshToken) return false;
  return tokens.expiresAt === undefined || tokens.expiresAt * 1000 - withinMs <= nowMs;
}

function sessionOf(body: unknown): { access_token: string } | null {
  const answer = body as { data?: { session?: unknown }; session?: unknown } | null;
  const session = (answer?.data?.session ?? answer?.session) as { access_token?: unknown } | undefined;
  return session && typeof session.access_token === 'string' && session.access_token
    ? (session as { access_token: string })
    : null;
}

// The server answers a refused refresh token with a 4xx; 408 and 429 only mean "not now".
const isRefusal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

async function exchange(refreshToken: string): Promise<RenewalOutcome> {
  // Tabs share one stored session: another tab may have renewed it (or signed out) while we waited
  // for the lock. Presenting an already-used refresh token would make the server end the session.
  const current = storedTokens();
  if (!current?.refreshToken) return 'ended';
  if (current.refreshToken !== refreshToken) return 'renewed';
  let res: Response;
  try {
    res = await fetch('/api/auth/refresh', {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
  } catch {
    return 'failed';
  }
  if (res.ok) {
    const session = sessionOf(await res.json().catch(() => null));
    if (!session) return 'failed';
    // Signed out (or in as someone else) while the request ran: that newer choice stands.
    if (storedTokens()?.refreshToken !== refreshToken) return 'ended';
    writeStorage(StorageKeys.session, JSON.stringify(session));
    window.dispatchEvent(new Event(AUTH_STATE_CHANGED));
    return 'renewed';
  }
  if (!isRefusal(res.status)) return 'failed';
  if (storedTokens()?.refreshToken === refreshToken) {
    // Where the user was, so signing in again can bring them back.
    const from = window.location.pathname + window.location.search;
    removeStorage(StorageKeys.session);
    window.dispatchEvent(new Event(AUTH_STATE_CHANGED));
    window.dispatchEvent(new CustomEvent(SESSION_ENDED, { detail: { from } }));
  }
  return 'ended';
}

let inFlight: Promise<RenewalOutcome> | null = null;

/**
 * Exchanges the stored refresh token for a new session, once at a time: callers that arrive while
 * a renewal runs share its outcome. `rejectedAccessToken` is the token a request was refused with;
 * when the stored one already differs, a renewal happened meanwhile and the caller just retries.
 */
export function renewSession(rejectedAccessToken?: string): Promise<RenewalOutcome> {
  if (inFlight) return inFlight;
  const tokens = storedTokens();
  if (!tokens?.refreshToken) return Promise.resolve('ended');
  if (rejectedAccessToken !== undefined && tokens.accessToken !== rejectedAccessToken)
    return Promise.resolve('renewed');
  const run = () => exchange(tokens.refreshToken);
  // One tab at a time (the refresh token is single-use); without the Web Locks API, this tab only.
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const renewal = locks
    ? (async (): Promise<RenewalOutcome> => await locks.request('momentos.session-refresh', run))()
    : run();
  const shared = renewal.finally(() => {
    inFlight = null;
  });
  inFlight = shared;
  return shared;
}
