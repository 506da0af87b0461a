import http from 'node:http';
import { randomInt } from 'node:crypto';
import { ErrorTally } from './load-stats.js';
import { CODE_SPACE } from './code-walk-budgets.js';

/**
 * Someone walking the album codes from loopback source addresses (Linux routes all of 127.0.0.0/8
 * to lo, so each address is a distinct client to the proxy in front of the server).
 */
export interface Attacker {
  key: string;
  label: string;
  /** Source addresses the attacker's sockets are bound to. */
  addresses: string[];
  /** Requests in flight at once from each address. */
  lanes: number;
  /** A random X-Forwarded-For on every request, as if each came from a new address. */
  forges: boolean;
}

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/** The four attackers of issue 28 row 2; none shares a /24 with the browser (127.0.0.1) or the venue. */
export const ATTACKERS: Attacker[] = [
  { key: 'forged', label: 'forged addresses', addresses: ['127.0.1.1'], lanes: 16, forges: true },
  { key: 'one', label: '1 address', addresses: ['127.0.2.1'], lanes: 16, forges: false },
  {
    key: 'block',
    label: '100 addresses in one /24',
    addresses: range(100).map((index) => `127.1.1.${index + 1}`),
    lanes: 1,
    forges: false,
  },
  {
    key: 'many',
    label: '1,000 addresses in distinct /24s',
    addresses: range(1000).map((index) => `127.${2 + Math.floor(index / 256)}.${index % 256}.1`),
    lanes: 1,
    forges: false,
  },
];

/** The /24 blocks the server can tell the attacker's real addresses apart by. */
export const blocksOf = (addresses: string[]) =>
  new Set(addresses.map((address) => address.replace(/\.\d+$/, ''))).size;

export interface WalkResult {
  requests: number;
  /** Codes the server looked at: 404 (wrong) or 200 (an album). */
  tested: number;
  /** 429: the server refused to look. */
  refused: number;
  hits: number;
  /** Anything else (other statuses, network errors), by what it was. */
  others: ErrorTally;
  /** The most codes one source address got tested. */
  mostByOneAddress: number;
  longestRetryAfterSeconds: number;
  startedMs: number;
  endedMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** An address from anywhere, for the forged header only: no traffic ever goes to it. */
const forgedAddress = () => `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function get(
  agent: http.Agent,
  target: URL,
  path: string,
  localAddress: string,
  headers: Record<string, string>,
): Promise<{ status: number; retryAfter: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: target.hostname, port: target.port, path, agent, localAddress, headers, timeout: 10_000 },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, retryAfter: Number(response.headers['retry-after'] ?? 0) }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in 10 s')));
    request.on('error', reject);
    request.end();
  });
}

/**
 * A blind sequential walk from a random code, shared by all the attacker's addresses (a code one
 * address was refused is tried again by the next), at most `requestsPerSecond` in all, at most
 * `maxInFlight` unanswered, for `seconds`. An address that is refused waits the Retry-After it was
 * given, as a patient attacker would; the forger does not, since it believes every request comes
 * from a new address.
 */
export async function walkCodes(options: {
  url: string;
  attacker: Attacker;
  requestsPerSecond: number;
  /** Requests in flight at most, all addresses together: the walk measures budgets, not how a drowned server copes. */
  maxInFlight: number;
  seconds: number;
}): Promise<WalkResult> {
  const { attacker, requestsPerSecond } = options;
  const target = new URL(options.url);
  // Sockets are pooled per source address (the agent's pool key includes localAddress).
  const agent = new http.Agent({ keepAlive: true, maxSockets: attacker.lanes });
  const start = randomInt(CODE_SPACE);
  let walked = 0;
  const again: string[] = [];
  const nextCode = () => again.pop() ?? String((start + walked++) % CODE_SPACE).padStart(6, '0');
  const result: WalkResult = {
    requests: 0,
    tested: 0,
    refused: 0,
    hits: 0,
    others: new ErrorTally(),
    mostByOneAddress: 0,
    longestRetryAfterSeconds: 0,
    startedMs: Date.now(),
    endedMs: 0,
  };
  const deadline = performance.now() + options.seconds * 1000;
  let nextSlot = performance.now();
  const testedBy = new Map<string, number>();
  const pausedUntil = new Map<string, number>();
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  const acquire = () =>
    inFlight < options.maxInFlight
      ? (inFlight++, Promise.resolve())
      : new Promise<void>((resolve) => waiting.push(resolve));
  // A freed place passes straight to the next waiter, so the count stays right.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else inFlight--;
  };

  const lane = async (address: string) => {
    while (performance.now() < deadline) {
      const paused = pausedUntil.get(address) ?? 0;
      if (paused > performance.now()) {
        await sleep(Math.min(paused, deadline) - performance.now());
        continue;
      }
      const slot = Math.max(performance.now(), nextSlot);
      nextSlot = slot + 1000 / requestsPerSecond;
      if (slot >= deadline) break;
      await sleep(slot - performance.now());
      await acquire();
      // Another lane of the same address may have been refused meanwhile.
      if (performance.now() >= deadline || (pausedUntil.get(address) ?? 0) > performance.now()) {
        release();
        continue;
      }
      const code = nextCode();
      const headers: Record<string, string> = attacker.forges ? { 'x-forwarded-for': forgedAddress() } : {};
      result.requests++;
      try {
        const { status, retryAfter } = await get(agent, target, `/api/albums/code/${code}`, address, headers);
        if (status === 404 || status === 200) {
          result.tested++;
          if (status === 200) result.hits++;
          testedBy.set(address, (testedBy.get(address) ?? 0) + 1);
        } else if (status === 429) {
          result.refused++;
          again.push(code);
          result.longestRetryAfterSeconds = Math.max(result.longestRetryAfterSeconds, retryAfter);
          if (!attacker.forges) pausedUntil.set(address, performance.now() + Math.max(1, retryAfter) * 1000);
        } else {
          result.others.add(`GET /api/albums/code/{code} → ${status}`);
          again.push(code);
        }
      } catch (error) {
        result.others.addFailure('GET /api/albums/code/{code}', error);
        again.push(code);
      } finally {
        release();
      }
    }
  };

  try {
    await Promise.all(attacker.addresses.flatMap((address) => range(attacker.lanes).map(() => lane(address))));
  } finally {
    agent.destroy();
  }
  result.endedMs = Date.now();
  result.mostByOneAddress = Math.max(0, ...testedBy.values());
  return result;
}
