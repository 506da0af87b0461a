import fs from 'node:fs';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { recordSecret, recordSecretsIn, RUN_LOG_LEVEL, runLogPath } from '../../../e2e/support/test-run.js';
import { buildApp } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { loadConfig } from '../src/config.js';
import { openTestDatabase } from './test-database.js';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  request(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<TestResponse>;
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
  /** A database another server also uses (two servers on one database); the caller closes it. */
  database?: DatabaseHandle;
}

export async function startTestServer({
  env = {},
  beforeListen,
  logStream,
  database: sharedDatabase,
}: TestServerOptions = {}): Promise<TestServer> {
  // In an `npm test` run every server logs to the run directory, which check-run-logs.mjs greps
  // for the secrets the tests used; a test that reads its own log lines still gets them.
  const runLog = openRunLog();
  // Signing keys and provider secrets a test configures must not be logged either.
  for (const [name, value] of Object.entries(env)) if (/SECRET|PASSWORD/.test(name)) recordSecret(value, name);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: runLog ? RUN_LOG_LEVEL : 'silent',
    WEB_DIST_DIR: '',
    // The example album's seed draws and processes photos; the test that needs it turns it on.
    EXAMPLE_ALBUM: 'off',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    PUBLIC_URL: 'http://momentos.test',
    ...env,
  });
  const database = sharedDatabase ?? (await openTestDatabase());
  const app = await buildApp({ config, database, logStream: teeLog(logStream, runLog?.stream) });
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
      recordSecretsIn(parsed);
      if (response.ok && body && typeof body === 'object' && 'password' in body)
        recordSecret(body.password, 'password');
      return { status: response.status, headers: response.headers, body: parsed };
    },
    async close() {
      await app.close();
      if (!sharedDatabase) await database.close();
      await runLog?.close();
    },
  };
}

/** This server's file in the run's logs, or undefined outside `npm test`. */
export function openRunLog(label = 'api') {
  const file = runLogPath(label);
  if (!file) return undefined;
  const stream = fs.createWriteStream(file, { flags: 'a' });
  return {
    stream,
    async close() {
      stream.end();
      if (!stream.writableFinished) await once(stream, 'finish');
    },
  };
}

/** One log destination from up to two: the test's own reader and the run's file. */
export function teeLog(...streams: ({ write(line: string): unknown } | undefined)[]) {
  const targets = streams.filter((stream) => stream !== undefined);
  if (targets.length <= 1) return targets[0];
  return { write: (line: string) => void targets.forEach((target) => target.write(line)) };
}
