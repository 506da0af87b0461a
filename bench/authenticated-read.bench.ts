import autocannon from 'autocannon';
import Fastify from 'fastify';
import { startProductServer } from '../e2e/support/product-server.js';

const CONNECTIONS = 100;
const DURATION_SECONDS = 10;

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/**
 * GET /api/auth/me (bearer token checked in the server's memory once seen, the user read with
 * it: modules/auth/access-grant-cache.ts) under 100 connections, against a bare Fastify route
 * that returns the same JSON from memory.
 */
export const authenticatedReadBenchmark = {
  name: 'authenticated read: GET /api/auth/me vs a bare Fastify route',
  async run() {
    const server = await startProductServer({ WEB_DIST_DIR: '', LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_PER_IP: '1000' });
    try {
      const registered = await fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'bench-password' }),
      });
      const { data } = (await registered.json()) as { data: { session: { access_token: string } } };
      const token = data.session.access_token;
      const body = await (
        await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })
      ).json();

      const bare = Fastify();
      bare.get('/me', async () => body);
      const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

      const baseline = await load(`${bareUrl}/me`);
      const measured = await load(`${server.url}/api/auth/me`, { authorization: `Bearer ${token}` });
      await bare.close();

      console.log(`bare Fastify:   ${baseline.requestsPerSecond.toFixed(0)} req/s, p99 ${baseline.p99} ms`);
      console.log(
        `/api/auth/me:   ${measured.requestsPerSecond.toFixed(0)} req/s, p99 ${measured.p99} ms, errors ${measured.errors}`,
      );
      console.log(`ratio to baseline: ${(measured.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}`);
    } finally {
      await server.stop();
    }
  },
};
