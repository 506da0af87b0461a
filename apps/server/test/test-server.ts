import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openTestDatabase } from './test-database.js';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  request(method: string, path: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // Tests read arbitrary JSON; each assertion states the shape it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** A real server on a loopback port with its own fresh database; tests talk to it over HTTP. */
export interface TestServerOptions {
  env?: Record<string, string>;
  /** Runs after the app is built and before it listens: a place to add test-only routes. */
  beforeListen?: (app: FastifyInstance) => void | Promise<void>;
  logStream?: { write(line: string): void };
}

export async function startTestServer({ env = {}, beforeListen, logStream }: TestServerOptions = {}): Promise<TestServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '',
    // The example album's seed draws and processes photos; the test that needs it turns it on.
    EXAMPLE_ALBUM: 'off',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    PUBLIC_URL: 'http://momentos.test',
    ...env,
  });
  const database = await openTestDatabase();
  const app = await buildApp({ config, database, logStream });
  await beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    url,
    app,
    async request(method, path, { body, token, headers = {} } = {}) {
      const response = await fetch(url + path, {
        method,
        headers: {
          ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: keep the text for the assertion to read.
      }
      return { status: response.status, headers: response.headers, body: parsed };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
