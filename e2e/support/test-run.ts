import fs from 'node:fs';
import path from 'node:path';

/**
 * The run directory of `npm test` (scripts/test.mjs sets TEST_RUN_DIR): every server the API tests
 * and journeys start logs into `logs/`, and the fixtures write each secret they use into
 * `secrets/<pid>.txt`, so scripts/check-run-logs.mjs can prove no secret reached a log. Without
 * TEST_RUN_DIR (a single file run by hand, the benchmarks) all of this does nothing.
 */
export function testRunDir(): string | undefined {
  return process.env.TEST_RUN_DIR || undefined;
}

/** Shorter values could match unrelated text (timestamps, ids) and give false alarms. */
const MIN_SECRET_LENGTH = 8;
const recorded = new Set<string>();

/**
 * Notes a password, token, signature or card number this test process sent or received.
 * `kind` names it in the checker's report, which never prints the value itself.
 */
export function recordSecret(value: unknown, kind = 'secret'): void {
  const dir = testRunDir();
  if (!dir || typeof value !== 'string' || value.length < MIN_SECRET_LENGTH || /[\t\n\r]/.test(value)) return;
  if (recorded.has(value)) return;
  recorded.add(value);
  fs.mkdirSync(path.join(dir, 'secrets'), { recursive: true });
  fs.appendFileSync(path.join(dir, 'secrets', `${process.pid}.txt`), `${kind}\t${value}\n`);
}

/** Response fields that carry a credential, by name, and the kind they are reported as. */
const SECRET_FIELDS: Record<string, string> = {
  access_token: 'access token',
  refresh_token: 'refresh token',
  guestToken: 'guest token',
  secret: 'ticket secret',
};

/**
 * Records every credential in a JSON response (session tokens, guest tokens, ticket secrets) and
 * the signature of every signed URL in it: one hook in the shared request helpers catches the
 * secrets the tests received without touching each test.
 */
export function recordSecretsIn(body: unknown, depth = 0): void {
  if (!testRunDir() || depth > 8 || body === null || typeof body !== 'object') return;
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') {
      const kind = SECRET_FIELDS[key];
      if (kind) recordSecret(value, kind);
      else if (value.includes('sig=')) recordSecret(signatureOf(value), 'URL signature');
    } else {
      recordSecretsIn(value, depth + 1);
    }
  }
}

function signatureOf(url: string): string | undefined {
  try {
    return new URL(url, 'http://relative.invalid').searchParams.get('sig') ?? undefined;
  } catch {
    return undefined;
  }
}

let logCount = 0;

/** A new file in the run's `logs/` for one server instance, or undefined outside a test run. */
export function runLogPath(label: string): string | undefined {
  const dir = testRunDir();
  if (!dir) return undefined;
  fs.mkdirSync(path.join(dir, 'logs'), { recursive: true });
  logCount += 1;
  return path.join(dir, 'logs', `${label}-${process.pid}-${Date.now().toString(36)}-${logCount}.log`);
}

/** The level servers log at inside a test run: `info` includes the one line per request. */
export const RUN_LOG_LEVEL = 'info';
