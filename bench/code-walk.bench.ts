import type { Browser } from 'playwright-core';
import { finishedAlbum, type E2eAlbum } from '../e2e/support/album-fixture.js';
import { launchBrowser } from '../e2e/support/browser.js';
import { freePort, startProductServer } from '../e2e/support/product-server.js';
import {
  albumCodeBudgets,
  budgetEnv,
  budgetFigures,
  describeDuration,
  EXPECTED_GUESSES,
  LIVE_ALBUMS,
  walkAllowance,
  type AlbumCodeBudgets,
  type AttackerShape,
  type BudgetFigure,
} from './support/code-walk-budgets.js';
import {
  guestsUntil,
  JOIN_DELAY_TARGET_MS,
  newGuestLog,
  venueJoins,
  type GuestLog,
  type VenueLog,
} from './support/code-walk-guests.js';
import { ATTACKERS, blocksOf, walkCodes, type Attacker, type WalkResult } from './support/code-walkers.js';
import { describeLatency } from './support/load-stats.js';
import { startRoundRobinProxy } from './support/round-robin-proxy.js';

const env = process.env;
const SECONDS = Number(env.CODE_WALK_SECONDS ?? 30);
/** Requests per second each attacker sends at most, all its addresses together. */
const RATE = Number(env.CODE_WALK_RATE ?? 150);
/** Requests unanswered at once per attacker: a 2-core server is asked about budgets, not drowned. */
const IN_FLIGHT = Number(env.CODE_WALK_IN_FLIGHT ?? 8);
const ALBUMS = Number(env.CODE_WALK_ALBUMS ?? 20);
const GUEST_EVERY_SECONDS = Number(env.CODE_WALK_GUEST_EVERY_SECONDS ?? 5);
const VENUE_JOINS = Number(env.CODE_WALK_VENUE_JOINS ?? 80);
/** The venue's one address, in a /24 of its own. */
const VENUE_ADDRESS = '127.250.0.1';
/** What the server is told about the proxy in front of it: one hop, as behind one nginx. */
const TRUST_PROXY = env.CODE_WALK_TRUST_PROXY ?? '1';
/** A comma-separated subset of forged, one, block, many. */
const ONLY = env.CODE_WALK_ATTACKERS?.split(',').map((key) => key.trim());

const DAY = 86_400;
const TARGETS: Record<string, { text: string; seconds?: number }> = {
  forged: { text: 'no better than 1 address' },
  one: { text: '> 1 year', seconds: 365 * DAY },
  block: { text: '> 30 days', seconds: 30 * DAY },
  many: { text: 'none (the figure)' },
};

interface Outcome {
  attacker: Attacker;
  walk: WalkResult;
  guests: GuestLog;
  venue: VenueLog;
  allowed: number;
  slack: number;
  /** More codes tested than the budgets allow: they did not hold. */
  tooMany: boolean;
  /** Fewer tested than the budgets allow: the walk's rate or the server's speed stopped it, or early refusals. */
  tooFew: boolean;
  perDay: number;
  perMonth: number;
  strategy: string;
  /** The attacker's slower ways through the budgets, printed beside the fastest. */
  alternatives: BudgetFigure[];
  /** From the budgets when the walk agrees with them, else from the walk's measured pace. */
  seconds: number;
  fromWalk: boolean;
  met: string;
}

/** The server sees the real addresses (the forger's header adds none), one /24 each unless they share one. */
const shapeOf = (attacker: Attacker): AttackerShape => ({
  addresses: attacker.addresses.length,
  blocks: blocksOf(attacker.addresses),
  requestsPerSecond: RATE,
});

async function makeAlbums(url: string): Promise<E2eAlbum[]> {
  const albums: E2eAlbum[] = [];
  // Four at a time: each is a host registering, paying in the sandbox and completing an album.
  for (let first = 0; first < ALBUMS; first += 4) {
    const batch = Math.min(4, ALBUMS - first);
    albums.push(...(await Promise.all(Array.from({ length: batch }, () => finishedAlbum(url, 'premium')))));
  }
  return albums;
}

/** One attacker against a fresh installation, so the installation-wide watch sees that attacker alone. */
async function runAttacker(attacker: Attacker, budgets: AlbumCodeBudgets, browser: Browser): Promise<Outcome> {
  const server = await startProductServer({ TRUST_PROXY, LOG_LEVEL: 'warn', ...budgetEnv(budgets) });
  const proxy = await startRoundRobinProxy({ port: await freePort(), targets: [server.url] });
  try {
    const albums = await makeAlbums(server.url);
    const started = performance.now();
    const until = started + SECONDS * 1000;
    const guests = newGuestLog();
    const venueAlbum = albums[albums.length - 1]!;
    const [walk, venue] = await Promise.all([
      walkCodes({ url: proxy.url, attacker, requestsPerSecond: RATE, maxInFlight: IN_FLIGHT, seconds: SECONDS }),
      // The venue's guests arrive mid-walk, when the attacker has spent its budgets.
      new Promise<void>((resolve) => setTimeout(resolve, (SECONDS * 1000) / 2)).then(() =>
        venueJoins(proxy.url, venueAlbum, VENUE_JOINS, VENUE_ADDRESS),
      ),
      guestsUntil(browser, proxy.url, albums, GUEST_EVERY_SECONDS * 1000, until, guests),
    ]);
    return judge(attacker, budgets, walk, guests, venue);
  } finally {
    await proxy.close();
    await server.stop();
  }
}

function judge(
  attacker: Attacker,
  budgets: AlbumCodeBudgets,
  walk: WalkResult,
  guests: GuestLog,
  venue: VenueLog,
): Outcome {
  const shape = shapeOf(attacker);
  const { allowed, slack } = walkAllowance(budgets, shape, walk.startedMs, walk.endedMs);
  const [figure, ...alternatives] = budgetFigures(budgets, shape);
  if (!figure) throw new Error('no way through the budgets');
  const tooMany = walk.tested > allowed + slack;
  const tooFew = walk.tested < allowed - slack;
  const walkSeconds = (walk.endedMs - walk.startedMs) / 1000;
  // A walk that got more codes tested than the budgets allow shows the budgets do not hold: its own pace is the figure.
  const seconds = tooMany ? EXPECTED_GUESSES / (walk.tested / walkSeconds) : figure.seconds;
  const target = TARGETS[attacker.key]!;
  const met =
    attacker.key === 'forged'
      ? tooMany
        ? 'NO'
        : 'yes'
      : target.seconds === undefined
        ? '—'
        : seconds > target.seconds
          ? 'yes'
          : 'NO';
  return {
    attacker,
    walk,
    guests,
    venue,
    allowed,
    slack,
    tooMany,
    tooFew,
    perDay: figure.perDay,
    perMonth: figure.perMonth,
    strategy: figure.strategy,
    alternatives,
    seconds,
    fromWalk: tooMany,
    met,
  };
}

function printAttacker(outcome: Outcome) {
  const { walk, guests, venue } = outcome;
  const walkSeconds = (walk.endedMs - walk.startedMs) / 1000;
  const verdict = outcome.tooMany
    ? 'DISAGREES: more codes tested than the budgets allow'
    : outcome.tooFew
      ? `fewer than the budgets allow: the walk's rate or the server's speed stopped it first${walk.refused ? ', or the server refused early (see refused)' : ''}`
      : 'agrees';
  console.log(
    `walk: ${walk.requests} requests in ${walkSeconds.toFixed(1)} s, ${walk.tested} codes tested (404 or 200), ` +
      `${walk.refused} refused (429, longest Retry-After ${walk.longestRetryAfterSeconds} s), ${walk.hits} hits, ` +
      `most by one address ${walk.mostByOneAddress}`,
  );
  for (const line of walk.others.lines()) console.log(`    other: ${line}`);
  console.log(
    `budgets allow in this walk: ${outcome.allowed}${outcome.slack ? ` ± ${outcome.slack} (codes tested before the server notices the attack)` : ''}; measured ${walk.tested}: ${verdict}`,
  );
  console.log(
    `budgets (${outcome.strategy}): ${outcome.perDay.toLocaleString('en')} guesses a day, ${outcome.perMonth.toLocaleString('en')} per 30 days → ` +
      `first valid code among ${LIVE_ALBUMS.toLocaleString('en')} live albums (≈ ${EXPECTED_GUESSES.toFixed(0)} guesses) in ` +
      `${describeDuration(outcome.seconds)}${outcome.fromWalk ? " at the walk's measured pace (the budgets did not hold)" : ''}`,
  );
  for (const other of outcome.alternatives) {
    console.log(
      `    slower, ${other.strategy}: ${other.perDay.toLocaleString('en')} a day, ${other.perMonth.toLocaleString('en')} per 30 days → ${describeDuration(other.seconds)}`,
    );
  }
  console.log(
    `guests: ${guests.visits} visits, ${guests.joined} joined, refused ${guests.refused.total} (target 0), ` +
      `delayed > ${JOIN_DELAY_TARGET_MS / 1000} s ${guests.delayed} (target 0); navigation → joined ${describeLatency(guests.joinMs)}`,
  );
  for (const line of guests.refused.lines()) console.log(`    ${line}`);
  console.log(
    `venue: ${venue.joins} joins at once from ${VENUE_ADDRESS}: ${venue.joined} joined, ${venue.refused} refused with 429 (target 0); ${describeLatency(venue.ms)}`,
  );
  for (const line of venue.others.lines()) console.log(`    ${line}`);
}

function printTable(outcomes: Outcome[]) {
  const rows = [
    [
      'attacker',
      'requests',
      'tested',
      'refused',
      'hits',
      'allowed',
      'agree',
      'per day',
      'per 30 d',
      'first code',
      'target',
      'met',
      'guests ok/refused/delayed',
      'venue 429',
    ],
    ...outcomes.map((o) => [
      o.attacker.label,
      String(o.walk.requests),
      String(o.walk.tested),
      String(o.walk.refused),
      String(o.walk.hits),
      `${o.allowed}${o.slack ? ` ±${o.slack}` : ''}`,
      o.tooMany ? 'NO (more)' : o.tooFew ? 'fewer' : 'yes',
      o.perDay.toLocaleString('en'),
      o.perMonth.toLocaleString('en'),
      `${describeDuration(o.seconds)}${o.fromWalk ? ' (walk)' : ''}`,
      TARGETS[o.attacker.key]!.text,
      o.met,
      `${o.guests.joined}/${o.guests.refused.total}/${o.guests.delayed}`,
      String(o.venue.refused),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(`| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`);
}

/**
 * Issue 28 row 2, "the album code can be walked": four attackers walk the 6-digit codes through a
 * reverse proxy that appends the real socket address to X-Forwarded-For (the server trusts one
 * hop), each against a fresh installation holding real albums, while real guests open guest pages
 * in Chromium and a venue's guests join at once from one address. It prints what each walk got
 * tested beside what the budgets allow, and the expected time to a first valid code with 1,000
 * albums live. Settings are CODE_WALK_* variables; the budgets come from code-walk-budgets.ts.
 */
export const codeWalkBenchmark = {
  name: 'code-walk: strangers walk the 6-digit album code while guests join',
  async run() {
    const budgets = albumCodeBudgets();
    console.log(`server: compiled, PGlite, TRUST_PROXY=${TRUST_PROXY}, behind bench/support/round-robin-proxy.ts`);
    for (const [name, budget] of Object.entries(budgets)) console.log(`  ${name}=${budget.value} (${budget.source})`);
    const attackers = ATTACKERS.filter((attacker) => !ONLY || ONLY.includes(attacker.key));
    console.log(
      `${attackers.length} walks of ${SECONDS} s at ≤ ${RATE} requests/s and ≤ ${IN_FLIGHT} in flight, each on a fresh server with ${ALBUMS} albums; ` +
        `a guest every ${GUEST_EVERY_SECONDS} s in Chromium; ${VENUE_JOINS} venue joins mid-walk`,
    );
    const browser = await launchBrowser();
    const outcomes: Outcome[] = [];
    try {
      for (const attacker of attackers) {
        console.log(
          `\n── ${attacker.label} (${attacker.addresses.length} source address${attacker.addresses.length > 1 ? 'es' : ''}` +
            `${attacker.forges ? ', random X-Forwarded-For on every request' : ''}) ──`,
        );
        const outcome = await runAttacker(attacker, budgets, browser);
        printAttacker(outcome);
        outcomes.push(outcome);
      }
    } finally {
      await browser.close();
    }
    console.log('');
    printTable(outcomes);
  },
};
