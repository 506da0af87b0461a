import type { QueryFunction } from '@tanstack/react-query';
import { isRenewalDue, renewSession, storedAccessToken } from './session-renewal';
import { ApiError, codeOf, errorFromJsonText, NETWORK_ERROR_STATUS } from './api-error';

export { ApiError, errorFromJsonText, NETWORK_ERROR_STATUS } from './api-error';

/** An HTTP failure, keeping the status and the server's error code for translated messages. */

async function sendOnce(path: string, init: RequestInit, token: string | undefined): Promise<Response> {
  try {
    return await fetch(path, {
      credentials: 'include',
      ...init,
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...init.headers },
    });
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : 'Network error';
    throw new ApiError(message, NETWORK_ERROR_STATUS, 'NETWORK_ERROR');
  }
}

// Only a refused session is worth a renewal: a wrong password (INVALID_CREDENTIALS) or a spent
// refresh token answer 401 too, and renewing would not change their answer.
async function isSessionRefused(res: Response): Promise<boolean> {
  if (res.status !== 401) return false;
  const code = codeOf(
    await res
      .clone()
      .json()
      .catch(() => null),
  );
  return code === undefined || code === 'UNAUTHORIZED';
}

/**
 * Sends with the stored bearer token. An expired token is renewed first; a request the server
 * refuses as signed out renews the session (one renewal shared by every such request) and is sent
 * once more. When the renewal is refused the user is signed out (lib/session-renewal.ts).
 */
async function send(path: string, init: RequestInit): Promise<Response> {
  if (isRenewalDue()) await renewSession();
  const token = storedAccessToken();
  const res = await sendOnce(path, init, token);
  if (!token || !(await isSessionRefused(res))) return res;
  if ((await renewSession(token)) !== 'renewed') return res;
  return sendOnce(path, init, storedAccessToken());
}

/**
 * Error rule (a) of spec 000 §8, used by default data loading:
 * the message is `${status}: ${body text || status text}`.
 */
export async function errorFromTextBody(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let code: string | undefined;
  try {
    code = codeOf(JSON.parse(text));
  } catch {
    code = undefined;
  }
  return new ApiError(`${res.status}: ${text || res.statusText}`, res.status, code);
}

/** Error rule (b) of spec 000 §8, used by callers that read the body (errorFromJsonText). */
export async function errorFromJsonBody(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  return errorFromJsonText(res.status, text, res.headers.get('Retry-After'));
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers, such as a help-center ticket secret. */
  headers?: Record<string, string>;
}

/** JSON request to our API with the stored bearer token; failures follow rule (b). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal, headers = {} } = options;
  const res = await send(path, {
    method,
    signal,
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw await errorFromJsonBody(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** TanStack Query's default loader: GET the query key joined as a path; failures follow rule (a). */
export const defaultQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  const res = await send(queryKey.map(String).join('/'), { method: 'GET', signal });
  if (!res.ok) throw await errorFromTextBody(res);
  return res.json() as Promise<unknown>;
};

/** A binary GET with the stored bearer token (images an <img> cannot fetch with a header, such as the QR code). */
export async function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const res = await send(path, { method: 'GET', signal, headers: { Accept: '*/*' } });
  if (!res.ok) throw await errorFromTextBody(res);
  return res.blob();
}
