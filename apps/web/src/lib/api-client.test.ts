import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, defaultQueryFn, NETWORK_ERROR_STATUS } from './api-client';
import { StorageKeys } from './storage';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);

afterEach(() => fetchMock.mockReset());

const respond = (body: string, status: number, statusText = '') =>
  fetchMock.mockResolvedValueOnce(new Response(body, { status, statusText }));

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

// queryFn only reads queryKey and signal; the rest of the context is irrelevant here.
const runQuery = (queryKey: unknown[]) =>
  Promise.resolve(
    defaultQueryFn({ queryKey, signal: new AbortController().signal } as unknown as Parameters<
      typeof defaultQueryFn
    >[0]),
  );

describe('apiRequest (rule b: the body message)', () => {
  it('uses body.message and keeps status and code', async () => {
    respond(JSON.stringify({ success: false, message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }), 401);
    const error = await caught(apiRequest('/api/auth/login', { body: {} }));
    expect(error).toMatchObject({ message: 'Invalid email or password', status: 401, code: 'INVALID_CREDENTIALS' });
  });

  it("falls back to 'Request failed' for a JSON body without a message", async () => {
    respond(JSON.stringify({ success: false }), 400);
    expect((await caught(apiRequest('/x'))).message).toBe('Request failed');
  });

  it('falls back to HTTP <status> when the body is not JSON', async () => {
    respond('<html>bad gateway</html>', 502);
    expect((await caught(apiRequest('/x'))).message).toBe('HTTP 502');
  });

  it('sends JSON and the stored bearer token', async () => {
    localStorage.setItem(StorageKeys.session, JSON.stringify({ access_token: 'tok-123' }));
    respond(JSON.stringify({ success: true }), 200);
    await apiRequest('/api/auth/logout', { method: 'POST', body: { a: 1 } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(url).toBe('/api/auth/logout');
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.credentials).toBe('include');
  });

  it('turns a network failure into an offline ApiError', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await caught(apiRequest('/x'))).status).toBe(NETWORK_ERROR_STATUS);
  });
});

describe('defaultQueryFn (rule a: status and body text)', () => {
  it('GETs the joined query key with credentials and parses JSON', async () => {
    respond(JSON.stringify({ ok: 1 }), 200);
    await expect(runQuery(['/api/events', 'details', 'abc'])).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/events/details/abc');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include' });
  });

  it('throws "<status>: <body text>" and keeps the code', async () => {
    const body = JSON.stringify({ success: false, message: 'Nope', code: 'UNAUTHORIZED' });
    respond(body, 401);
    const error = await caught(runQuery(['/api/auth/me']));
    expect(error.message).toBe(`401: ${body}`);
    expect(error.code).toBe('UNAUTHORIZED');
  });

  it('uses the status text when the body is empty', async () => {
    respond('', 503, 'Service Unavailable');
    expect((await caught(runQuery(['/x']))).message).toBe('503: Service Unavailable');
  });
});
