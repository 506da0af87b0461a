import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-server.js';

describe('GET /api/geo behind a trusted proxy (TRUST_PROXY=1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => server.close());

  it('answers US for a request forwarded for 8.8.8.8', async () => {
    const response = await server.request('GET', '/api/geo', { headers: { 'x-forwarded-for': '8.8.8.8' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ip: '8.8.8.8', country_code: 'US', country: 'United States', city: null });
    expect(response.headers.get('cache-control')).toContain('no-store');
  });

  it('answers MX for a Mexican address', async () => {
    const response = await server.request('GET', '/api/geo', { headers: { 'x-forwarded-for': '189.203.0.1' } });
    expect(response.body).toMatchObject({ country_code: 'MX', country: 'Mexico' });
  });

  it('answers no country for the loopback address', async () => {
    const response = await server.request('GET', '/api/geo');
    expect(response.body).toMatchObject({ ip: '127.0.0.1', country_code: null, country: null });
  });
});

describe('GET /api/geo without TRUST_PROXY', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('ignores X-Forwarded-For and reads the socket address', async () => {
    const response = await server.request('GET', '/api/geo', { headers: { 'x-forwarded-for': '8.8.8.8' } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ip: '127.0.0.1', country_code: null });
  });
});
