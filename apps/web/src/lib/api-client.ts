import type { QueryFunction } from '@tanstack/react-query';
import { readStorage, StorageKeys } from './storage';

/** An HTTP failure, keeping the status and the server's error code for translated messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(message: string, status: number, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** Status used when the request never reached the server (offline, DNS, CORS). */
export const NETWORK_ERROR_STATUS = 0;

// Read straight from storage (not from the auth feature) so lib stays free of feature imports.
function bearerHeader(): Record<string, string> {
  const raw = readStorage(StorageKeys.session);
  if (!raw) return {};
  try {
    const token = (JSON.parse(raw) as { access_token?: unknown }).access_token;
    return typeof token === 'string' && token ? { Authorization: `Bearer ${token}` } : {};
  } catch {
    return {};
  }
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, {
      credentials: 'include',
      ...init,
      headers: { Accept: 'application/json', ...bearerHeader(), ...init.headers },
    });
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : 'Network error';
    throw new ApiError(message, NETWORK_ERROR_STATUS, 'NETWORK_ERROR');
  }
}

function codeOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string') {
    return body.code;
  }
  return undefined;
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

/**
 * Error rule (b) of spec 000 §8, used by callers that read the body:
 * body.message, else 'Request failed', else (no JSON body) `HTTP ${status}`.
 */
export async function errorFromJsonBody(res: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return new ApiError(`HTTP ${res.status}`, res.status);
  }
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
      ? body.message
      : '';
  return new ApiError(message || 'Request failed', res.status, codeOf(body));
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
