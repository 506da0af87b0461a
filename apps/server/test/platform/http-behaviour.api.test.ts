import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-server.js';

let server: TestServer;
const logLines: string[] = [];

beforeAll(async () => {
  server = await startTestServer({
    env: { LOG_LEVEL: 'info', BODY_LIMIT_BYTES: '2048' },
    logStream: { write: (line) => void logLines.push(line) },
    beforeListen(app) {
      app.get('/api/test/crash', { config: { access: 'public' } }, async () => {
        throw new Error('database password is hunter2');
      });
      app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        return { done: true };
      });
    },
  });
});
afterAll(() => server.close());

describe('errors', () => {
  it('hides the details of a 5xx from the client and logs them', async () => {
    const response = await server.request('GET', '/api/test/crash');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ success: false, message: 'Internal server error', code: 'INTERNAL_ERROR' });
    expect(logLines.join('')).toContain('database password is hunter2');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await server.request('GET', '/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('turns a malformed JSON body into a 400, never a 500', async () => {
    const response = await server.request('POST', '/api/auth/login', {
      body: '{"email": "a@b.c",',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'MALFORMED_BODY' });
  });

  it('refuses a missing body and a body of the wrong type with a clear 4xx', async () => {
    const missing = await server.request('POST', '/api/auth/register', {
      headers: { 'content-type': 'application/json' },
    });
    expect(missing.status).toBe(400);
    const wrongType = await server.request('POST', '/api/auth/register', {
      body: 'email=a@b.c',
      headers: { 'content-type': 'text/plain' },
    });
    expect(wrongType.status).toBeGreaterThanOrEqual(400);
    expect(wrongType.status).toBeLessThan(500);
    const array = await server.request('POST', '/api/auth/register', { body: [1, 2] });
    expect(array.status).toBe(400);
    expect(array.body.code).toBe('VALIDATION_ERROR');
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await server.request('POST', '/api/auth/login', {
      body: { email: 'a@b.c', password: 'x'.repeat(4000) },
    });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('headers, health and documentation', () => {
  it('sends security headers and a content security policy, and no x-powered-by', async () => {
    const response = await server.request('GET', '/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok' });
    // A JSON answer may run nothing and be framed by no one.
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
    const error = await server.request('GET', '/api/customizations/my-customizations');
    expect(error.status).toBe(401);
    expect(error.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");

    // A page gets the policy the web app runs under.
    const page = await fetch(`${server.url}/api/docs/`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('publishes OpenAPI for the endpoints at /api/docs', async () => {
    const spec = await server.request('GET', '/api/docs/json');
    expect(spec.status).toBe(200);
    for (const path of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/refresh',
      '/api/auth/logout',
      '/api/auth/me',
    ]) {
      expect(Object.keys(spec.body.paths)).toContain(path);
    }
    // Every API route the server registers is documented, under its OpenAPI path ({id}, not :id).
    const documentedPaths = spec.body.paths as Record<string, Record<string, unknown>>;
    // As the spec writes them (/api/geo, /api/tickets): a client generated from the document calls those.
    expect(Object.keys(documentedPaths).filter((path) => path.endsWith('/'))).toEqual([]);
    const isDocumented = (method: string, url: string) => {
      const openApiPath = url.replace(/:(\w+)/g, '{$1}');
      return Boolean(documentedPaths[openApiPath]?.[method.toLowerCase()]);
    };
    const undocumented = server.app.routeTable
      .filter(
        (route) =>
          route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.url.startsWith('/api/test/'),
      )
      .filter((route) => !isDocumented(route.method, route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(undocumented).toEqual([]);
    expect(Object.keys(documentedPaths).length).toBeGreaterThan(40);
    const ui = await fetch(`${server.url}/api/docs`, { redirect: 'follow' });
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger');
  });
});

describe('logging', () => {
  it('writes one line per request and never a password or token', async () => {
    const password = 'very-secret-password-123';
    const email = `log-${Date.now()}@example.com`;
    const registered = await server.request('POST', '/api/auth/register', { body: { email, password } });
    const { access_token, refresh_token } = registered.body.data.session;
    await server.request('GET', '/api/auth/me', { token: access_token });
    await server.request('POST', '/api/auth/refresh', { body: { refresh_token } });

    const text = logLines.join('');
    for (const secret of [password, access_token, refresh_token]) expect(text).not.toContain(secret);
    const meLines = logLines.filter((line) => line.includes('"path":"/api/auth/me"'));
    expect(meLines).toHaveLength(1);
    expect(JSON.parse(meLines[0]!)).toMatchObject({ method: 'GET', status: 200, msg: 'request' });
  });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight when the server closes', async () => {
    const other = await startTestServer({
      beforeListen(app) {
        app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
          await new Promise((resolve) => setTimeout(resolve, 400));
          return { done: true };
        });
      },
    });
    const inFlight = fetch(`${other.url}/api/test/slow`).then(async (response) => ({
      status: response.status,
      body: await response.json(),
    }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await other.close();
    expect(await inFlight).toEqual({ status: 200, body: { done: true } });
  });
});
