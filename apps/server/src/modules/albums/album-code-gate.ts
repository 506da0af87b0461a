import { timingSafeEqual } from 'node:crypto';
import type { GuestAlbumRow } from '../../db/schema/index.js';
import { AppError } from '../../platform/http/app-error.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import { albumNotFound, type AlbumCodeCheck } from '../access/index.js';
import { albumCodeSignals, budgetsOf, networkOf, type AlbumCodeLimits, type Budget } from './album-code-budgets.js';
import { albumCodeChanged } from './album-code-changed.js';
import type { AlbumsRepository } from './albums.repository.js';

/** Compares in constant time, so the answer's timing says nothing about how much of a code was right. */
function isSameCode(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Codes remembered at most; a stale entry is harmless, since the album's own row is checked again. */
const MAX_REMEMBERED_CODES = 20_000;
/** Addresses remembered as having opened an album, so a venue's party marks its address once per server. */
const MAX_REMEMBERED_ADDRESSES = 50_000;

/** How long the same wrong code from the same client is not counted again, and how many are remembered. */
const REPEAT_WRONG_CODE_MS = 5 * 60_000;
const MAX_REMEMBERED_WRONG_CODES = 50_000;

/** Checks from one address running at once, and the ones waiting for a turn. */
interface Lane {
  /** Checks from this address inside the gate: the lane is forgotten only when none is. */
  holders: number;
  running: number;
  /** Checks ended so far: one that ended while a look at the counts was on its way may be missing from it. */
  ended: number;
  waiting: (() => void)[];
}

const secondsLeftIn = (windowSeconds: number) =>
  Math.max(1, Math.ceil(windowSeconds - ((Date.now() / 1000) % windowSeconds)));

/**
 * The one place an album's 6-digit code is checked, on every route that accepts it (look-up by
 * code, join, `X-Album-Code`, `?code=`). Only wrong codes are counted, against the address and its
 * network block (album-code-budgets.ts); a right code never counts and is never refused because of
 * what other addresses tried. An address whose own budget is spent is refused before anything is
 * looked at, the right code included (else the refusal would name it); a block's spent budget
 * refuses only its addresses that have tried a wrong code themselves. Checks from one address run
 * at most as many at once as it has wrong codes left, and the others wait their turn instead of
 * being refused, so a burst cannot test more codes than the budget and a venue's party is never
 * turned away. While the installation sees far more wrong codes than normal, addresses that have
 * opened no album lately get the smaller day budgets.
 */
export function createAlbumCodeGate(deps: {
  repo: AlbumsRepository;
  /** The album by id through the read cache (albums.module.ts): a known code costs no query. */
  albumById: (albumId: string) => Promise<GuestAlbumRow | undefined>;
  rateLimiter: RateLimiter;
  limits: AlbumCodeLimits;
}) {
  const { repo, albumById, rateLimiter, limits } = deps;
  const albumIdByCode = new Map<string, string>();
  const knownAddresses = new Set<string>();
  /** Wrong codes each client tried lately, until when a repeat of one is not counted again. */
  const recentWrongCodes = new Map<string, number>();
  const lanes = new Map<string, Lane>();
  let attackSeenUntil = 0;

  const albumByCode = async (code: string): Promise<GuestAlbumRow | undefined> => {
    const albumId = albumIdByCode.get(code);
    if (albumId) {
      const found = await albumById(albumId);
      if (found && found.album.accessCode === code) return found;
      albumIdByCode.delete(code);
    }
    const found = await repo.findAlbumByCode(code);
    if (!found) return undefined;
    if (albumIdByCode.size >= MAX_REMEMBERED_CODES) albumIdByCode.clear();
    albumIdByCode.set(code, found.album.id);
    return found;
  };

  const laneOf = (address: string) => {
    let lane = lanes.get(address);
    if (!lane) lanes.set(address, (lane = { holders: 0, running: 0, ended: 0, waiting: [] }));
    return lane;
  };
  const leave = (lane: Lane) => {
    lane.running--;
    lane.ended++;
    lane.waiting.shift()?.();
  };

  /** How this client stands: refused (with the wait), or how many wrong codes it may still have in flight. */
  async function standing(network: { address: string; block: string }) {
    const signals = albumCodeSignals(network.address);
    const normal = budgetsOf(network, limits, false);
    const counts = await rateLimiter.peek([...normal, ...Object.values(signals)]);
    const count = (key: string) => counts.get(key) ?? 0;
    const isUnderAttack =
      Date.now() < attackSeenUntil ||
      count(signals.attack.key) > 0 ||
      count(signals.allMinute.key) >= limits.attackWrongPerMinute ||
      count(signals.allDay.key) >= limits.attackWrongPerDay;
    const budgets = budgetsOf(network, limits, isUnderAttack && count(signals.known.key) === 0);
    const hasTriedWrong = budgets.some((budget) => !budget.isBlock && count(budget.key) > 0);
    let left = Number.POSITIVE_INFINITY;
    for (const budget of budgets) {
      const remaining = budget.limit - count(budget.key);
      if (budget.isBlock && !hasTriedWrong) {
        // Strangers in the block spent it: this address may still try, one code at a time.
        left = Math.min(left, Math.max(remaining, 1));
        continue;
      }
      if (remaining <= 0) return { budgets, refusedFor: secondsLeftIn(budget.windowSeconds), left: 0 };
      left = Math.min(left, remaining);
    }
    return { budgets, refusedFor: 0, left };
  }

  async function countWrongCode(budgets: Budget[], address: string) {
    const { allMinute, allDay, attack } = albumCodeSignals(address);
    const [minute, day] = await Promise.all([
      rateLimiter.hit(allMinute.key, limits.attackWrongPerMinute, allMinute.windowSeconds),
      rateLimiter.hit(allDay.key, limits.attackWrongPerDay, allDay.windowSeconds),
      ...budgets.map((budget) => rateLimiter.hit(budget.key, budget.limit, budget.windowSeconds)),
    ]);
    if (!minute?.allowed || !day?.allowed) {
      attackSeenUntil = Date.now() + secondsLeftIn(attack.windowSeconds) * 1000;
      await rateLimiter.hit(attack.key, 0, attack.windowSeconds);
    }
  }

  async function rememberKnown(address: string) {
    if (knownAddresses.has(address)) return;
    if (knownAddresses.size >= MAX_REMEMBERED_ADDRESSES) knownAddresses.clear();
    knownAddresses.add(address);
    const { known } = albumCodeSignals(address);
    await rateLimiter.hit(known.key, Number.MAX_SAFE_INTEGER, known.windowSeconds);
  }

  /** One check in its address's lane: refused, waiting for a turn, or looked at and counted if wrong. */
  async function checkInLane(
    check: AlbumCodeCheck,
    network: { address: string; block: string },
    lane: Lane,
  ): Promise<GuestAlbumRow | undefined> {
    for (;;) {
      const endedBefore = lane.ended;
      // A check that leaves without running passes its turn on, so the ones waiting behind it look again.
      const { budgets, refusedFor, left } = await standing(network).catch((error: unknown) => {
        lane.waiting.shift()?.();
        throw error;
      });
      const endedUnseen = lane.ended - endedBefore;
      if (refusedFor > 0) {
        lane.waiting.shift()?.();
        throw AppError.tooManyRequests(refusedFor);
      }
      if (lane.running + endedUnseen >= left) {
        // Checks in flight may use up what is left: wait for one to end, then look again.
        if (lane.running > 0) await new Promise<void>((resolve) => lane.waiting.push(resolve));
        continue;
      }
      lane.running++;
      try {
        const found = check.albumId ? await albumById(check.albumId) : await albumByCode(check.code);
        if (check.albumId && !found) throw albumNotFound();
        if (found && isSameCode(found.album.accessCode, check.code)) {
          await rememberKnown(network.address);
          return found;
        }
        // A code the album's host replaced is no guess: it says so and is not counted (docs/decisions.md).
        const retiredFrom = await repo.findAlbumOfRetiredCode(check.code);
        if (retiredFrom && (!check.albumId || retiredFrom === check.albumId)) throw albumCodeChanged();
        // The same wrong code again from the same client tests nothing new: a page's look-up, its
        // loader's and a reload must not spend three of a guest's tries on one typo.
        const repeat = `${network.address}|${check.albumId ?? ''}|${check.code}`;
        if ((recentWrongCodes.get(repeat) ?? 0) > Date.now()) return undefined;
        await countWrongCode(budgets, network.address);
        if (recentWrongCodes.size >= MAX_REMEMBERED_WRONG_CODES) recentWrongCodes.clear();
        recentWrongCodes.set(repeat, Date.now() + REPEAT_WRONG_CODE_MS);
        return undefined;
      } finally {
        leave(lane);
      }
    }
  }

  return {
    /**
     * The album the code opens, or undefined when the code is wrong (counted against the address
     * and its block). Throws 429 while this address's budget is spent, before looking, and 404
     * when the named album does not exist.
     */
    async verify(check: AlbumCodeCheck): Promise<GuestAlbumRow | undefined> {
      const network = networkOf(check.clientIp);
      const lane = laneOf(network.address);
      lane.holders++;
      try {
        return await checkInLane(check, network, lane);
      } finally {
        if (--lane.holders === 0) lanes.delete(network.address);
      }
    },
  };
}

export type AlbumCodeGate = ReturnType<typeof createAlbumCodeGate>;
