import { loadConfig } from '../../apps/server/src/config.js';

/**
 * The album-code budgets of issue 28, in one object: the code-walk benchmark passes it to the
 * server it starts as environment and does its arithmetic with the same object, so the two cannot
 * drift. Each value is the variable from the benchmark's environment if set, else the server's own
 * default (its config parser, so a changed default is followed), else the default the issue
 * planned, for a setting this server does not know yet; such a setting is passed on but left out
 * of the arithmetic, since nothing enforces it.
 */
const PLANNED = {
  ALBUM_CODE_RATE_LIMIT_PER_IP: 10,
  ALBUM_CODE_RATE_LIMIT_PER_IP_PER_DAY: 30,
  ALBUM_CODE_RATE_LIMIT_PER_IP_PER_MONTH: 60,
  ALBUM_CODE_RATE_LIMIT_PER_BLOCK_PER_DAY: 60,
  ALBUM_CODE_RATE_LIMIT_PER_BLOCK_PER_MONTH: 120,
  ALBUM_CODE_ATTACK_WRONG_PER_MINUTE: 60,
  ALBUM_CODE_ATTACK_WRONG_PER_DAY: 2000,
  ALBUM_CODE_UNDER_ATTACK_PER_IP_PER_DAY: 3,
  ALBUM_CODE_UNDER_ATTACK_PER_BLOCK_PER_DAY: 6,
} as const;

export type BudgetName = keyof typeof PLANNED;

export interface Budget {
  value: number;
  source: 'environment' | 'server default' | 'planned (server does not know it)';
  /** Whether the server's configuration knows the setting, i.e. something can enforce it. */
  known: boolean;
}

export type AlbumCodeBudgets = Record<BudgetName, Budget>;

const MINUTE = 60;
const DAY = 86_400;
/** "Per month" in the issue is a 30-day window. */
const MONTH = 30 * DAY;

export function albumCodeBudgets(env: NodeJS.ProcessEnv = process.env): AlbumCodeBudgets {
  const defaults = loadConfig({}) as unknown as Record<string, unknown>;
  const entries = (Object.keys(PLANNED) as BudgetName[]).map((name) => {
    const known = name in defaults;
    const fromEnv = env[name];
    const budget: Budget =
      fromEnv !== undefined && fromEnv !== ''
        ? { value: Number(fromEnv), source: 'environment', known }
        : known
          ? { value: Number(defaults[name]), source: 'server default', known }
          : { value: PLANNED[name], source: 'planned (server does not know it)', known };
    return [name, budget] as const;
  });
  return Object.fromEntries(entries) as AlbumCodeBudgets;
}

/** The environment the benchmark's server gets: every budget, known or not. */
export function budgetEnv(budgets: AlbumCodeBudgets): Record<string, string> {
  return Object.fromEntries(Object.entries(budgets).map(([name, budget]) => [name, String(budget.value)]));
}

/** Codes, albums and the expected number of blind guesses to the first valid code. */
export const CODE_SPACE = 1_000_000;
export const LIVE_ALBUMS = 1_000;
/** A blind walk's expected guesses to the first of A valid codes among N: (N + 1) / (A + 1). */
export const EXPECTED_GUESSES = (CODE_SPACE + 1) / (LIVE_ALBUMS + 1);

/** At most `count` wrong codes in any `seconds` (one budget, summed over an attacker's addresses or blocks). */
interface Limit {
  count: number;
  seconds: number;
}

/** Who walks: how many real source addresses and /24 blocks the server can tell apart. */
export interface AttackerShape {
  addresses: number;
  blocks: number;
  /** Requests per second the attacker can send at all (the walk's rate). */
  requestsPerSecond: number;
}

export interface Strategy {
  name: string;
  limits: Limit[];
}

/** The budgets in force for the attacker, normal or (`underAttack`) tightened for addresses with no history. */
function limitsFor(budgets: AlbumCodeBudgets, shape: AttackerShape, underAttack: boolean): Limit[] {
  const limits: Limit[] = [];
  const add = (name: BudgetName, times: number, seconds: number) => {
    if (budgets[name].known) limits.push({ count: budgets[name].value * times, seconds });
  };
  const { addresses, blocks } = shape;
  add('ALBUM_CODE_RATE_LIMIT_PER_IP', addresses, MINUTE);
  add('ALBUM_CODE_RATE_LIMIT_PER_IP_PER_DAY', addresses, DAY);
  add('ALBUM_CODE_RATE_LIMIT_PER_IP_PER_MONTH', addresses, MONTH);
  // A spent block still lets each of its addresses that has tried no wrong code try one (its
  // guests are never refused for strangers' guesses): one more per address in each block window.
  const addBlock = (name: BudgetName, seconds: number) => {
    if (budgets[name].known) limits.push({ count: budgets[name].value * blocks + addresses, seconds });
  };
  addBlock('ALBUM_CODE_RATE_LIMIT_PER_BLOCK_PER_DAY', DAY);
  addBlock('ALBUM_CODE_RATE_LIMIT_PER_BLOCK_PER_MONTH', MONTH);
  if (underAttack) {
    add('ALBUM_CODE_UNDER_ATTACK_PER_IP_PER_DAY', addresses, DAY);
    addBlock('ALBUM_CODE_UNDER_ATTACK_PER_BLOCK_PER_DAY', DAY);
  }
  return limits;
}

/** Wrong codes the limits allow in a span: each window of the span may be spent whole. */
export function allowedIn(limits: Limit[], seconds: number, requestsPerSecond = Infinity): number {
  let allowed = Math.floor(requestsPerSecond * seconds) || Infinity;
  for (const limit of limits) allowed = Math.min(allowed, limit.count * Math.ceil(seconds / limit.seconds));
  return allowed;
}

/**
 * The attacker's ways through the budgets. Below the installation's attack threshold the normal
 * budgets hold; an attacker able to go over it alone either keeps its pace at the threshold
 * ("paced") or goes flat out and walks under the tightened budgets ("flat out").
 */
export function strategies(budgets: AlbumCodeBudgets, shape: AttackerShape): Strategy[] {
  const normal = limitsFor(budgets, shape, false);
  const perMinute = budgets.ALBUM_CODE_ATTACK_WRONG_PER_MINUTE;
  const perDay = budgets.ALBUM_CODE_ATTACK_WRONG_PER_DAY;
  const thresholds = [
    ...(perMinute.known ? [{ count: perMinute.value, seconds: MINUTE }] : []),
    ...(perDay.known ? [{ count: perDay.value, seconds: DAY }] : []),
  ];
  const canTrip = thresholds.some(
    (threshold) => allowedIn(normal, threshold.seconds, shape.requestsPerSecond) > threshold.count,
  );
  if (!canTrip) return [{ name: 'within the budgets', limits: normal }];
  return [
    { name: 'paced below the attack watch', limits: [...normal, ...thresholds] },
    { name: 'flat out, under attack', limits: limitsFor(budgets, shape, true) },
  ];
}

/**
 * Expected seconds to the first valid code: the k-th guess can be made at t_k, the earliest time
 * every limit allows (at most `count` guesses in any `seconds`), and the first valid code is the
 * G-th guess with P(G > k) = Π (1 − A / (N − i)) for a blind walk over N codes holding A albums.
 */
export function expectedSeconds(limits: Limit[], requestsPerSecond: number): number {
  const times: number[] = [];
  let survive = 1;
  let expected = 0;
  const gap = 1 / requestsPerSecond;
  for (let k = 0; survive > 1e-12 && k < CODE_SPACE - LIVE_ALBUMS; k++) {
    let at = k === 0 ? 0 : times[k - 1]! + gap;
    for (const limit of limits) if (k >= limit.count) at = Math.max(at, times[k - limit.count]! + limit.seconds);
    times.push(at);
    const next = survive * (1 - LIVE_ALBUMS / (CODE_SPACE - k));
    expected += (survive - next) * at;
    survive = next;
  }
  return expected;
}

/** "7 s", "17 min", "250 days", "1.4 years". */
export function describeDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return 'never';
  if (seconds < 120) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  if (seconds < 2 * 3600) return `${(seconds / 60).toFixed(0)} min`;
  if (seconds < 2 * DAY) return `${(seconds / 3600).toFixed(1)} h`;
  if (seconds < 365 * DAY) return `${(seconds / DAY).toFixed(0)} days`;
  return `${(seconds / (365 * DAY)).toFixed(1)} years`;
}

export interface BudgetFigure {
  strategy: string;
  perDay: number;
  perMonth: number;
  seconds: number;
}

/**
 * Each of the attacker's ways through the budgets, with the guesses a day and a month it allows and
 * the expected time to a first valid code; the attacker takes the fastest, which comes first.
 */
export function budgetFigures(budgets: AlbumCodeBudgets, shape: AttackerShape): BudgetFigure[] {
  const figures = strategies(budgets, shape).map((strategy) => ({
    strategy: strategy.name,
    perDay: allowedIn(strategy.limits, DAY, shape.requestsPerSecond),
    perMonth: allowedIn(strategy.limits, MONTH, shape.requestsPerSecond),
    seconds: expectedSeconds(strategy.limits, shape.requestsPerSecond),
  }));
  return figures.sort((a, b) => a.seconds - b.seconds);
}

/**
 * Wrong codes the server should have let the walk test between two moments (epoch ms). The server
 * counts in fixed windows aligned to the epoch, so a walk that crosses a minute's boundary gets two
 * minutes' worth. A walk that can go over the attack threshold goes flat out (it does not pace):
 * the tightened budgets hold, give or take the codes tested before the server noticed (`slack`).
 */
export function walkAllowance(
  budgets: AlbumCodeBudgets,
  shape: AttackerShape,
  startedMs: number,
  endedMs: number,
): { allowed: number; slack: number } {
  const all = strategies(budgets, shape);
  const flat = all.length > 1;
  const limits = all[all.length - 1]!.limits;
  let allowed = Infinity;
  for (const limit of limits) {
    const windowMs = limit.seconds * 1000;
    const windows = Math.floor(endedMs / windowMs) - Math.floor(startedMs / windowMs) + 1;
    allowed = Math.min(allowed, limit.count * windows);
  }
  return { allowed, slack: flat ? budgets.ALBUM_CODE_ATTACK_WRONG_PER_MINUTE.value + 1 : 0 };
}
