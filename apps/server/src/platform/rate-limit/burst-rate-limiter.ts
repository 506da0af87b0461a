import type { RateLimiter, RateLimitResult } from './rate-limiter.js';

interface KeyState {
  windowStart: number;
  /** The highest shared count the database has answered, this server's sent hits included. */
  known: number;
  /** Hits on their way to the database. */
  sending: number;
  /** Hits counted here and not yet sent. */
  pending: number;
  lastSentAt: number;
  flushTimer?: NodeJS.Timeout;
}

export interface BurstRateLimiterOptions {
  /** How long this server may count a key on its own before telling the database. */
  syncEveryMs: number;
  /** Keys tracked at most; past it, everything is forgotten (the database keeps the counts). */
  maxKeys?: number;
  now?: () => number;
}

/**
 * The shared database limiter, for keys hit thousands of times a second (a guest page's code
 * look-up under a whole party's phones), where one upsert per hit would queue every request on
 * the same row. While a key is far from its limit (at most half of it, as this server sees it),
 * hits are counted here and sent in one upsert per `syncEveryMs`; past half, every hit goes to the
 * database with whatever was counted here, so the decisions near the limit are the database's.
 * Several servers can together overshoot only by what each counted alone below half the limit.
 */
export function createBurstRateLimiter(
  shared: RateLimiter,
  { syncEveryMs, maxKeys = 50_000, now = Date.now }: BurstRateLimiterOptions,
): RateLimiter {
  const states = new Map<string, KeyState>();

  /** Sends the hits counted so far; answers the shared count, or undefined if the database failed. */
  const send = async (
    key: string,
    state: KeyState,
    limit: number,
    windowSeconds: number,
  ): Promise<number | undefined> => {
    const amount = state.pending;
    state.pending = 0;
    state.sending += amount;
    state.lastSentAt = now();
    try {
      const { count } = await shared.hit(key, limit, windowSeconds, amount);
      const total = count ?? state.known + amount;
      state.known = Math.max(state.known, total);
      return total;
    } catch {
      // Keep the hits, so the next send carries them.
      state.pending += amount;
      return undefined;
    } finally {
      state.sending -= amount;
    }
  };

  const scheduleFlush = (key: string, state: KeyState, limit: number, windowSeconds: number) => {
    if (state.flushTimer) return;
    // Hits must reach the database even if no later hit comes to carry them.
    state.flushTimer = setTimeout(() => {
      state.flushTimer = undefined;
      if (states.get(key) === state && state.pending > 0) void send(key, state, limit, windowSeconds);
    }, syncEveryMs);
    state.flushTimer.unref();
  };

  return {
    async hit(key, limit, windowSeconds, amount = 1): Promise<RateLimitResult> {
      const windowStart = Math.floor(now() / (windowSeconds * 1000)) * windowSeconds * 1000;
      let state = states.get(key);
      if (!state || state.windowStart !== windowStart) {
        if (states.size >= maxKeys) states.clear();
        state = { windowStart, known: 0, sending: 0, pending: 0, lastSentAt: 0 };
        states.set(key, state);
      }
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowSeconds * 1000 - now()) / 1000));
      state.pending += amount;
      const local = () => state.known + state.sending + state.pending;
      if (local() > limit / 2 || now() - state.lastSentAt >= syncEveryMs) {
        // This hit is the last of what it carries, so the count that comes back is its own.
        const count = await send(key, state, limit, windowSeconds);
        if (count !== undefined) return { allowed: count <= limit, retryAfterSeconds, count };
      } else {
        scheduleFlush(key, state, limit, windowSeconds);
      }
      return { allowed: local() <= limit, retryAfterSeconds, count: local() };
    },
    async reset(key) {
      states.delete(key);
      await shared.reset(key);
    },
    peek: (keys) => shared.peek(keys),
  };
}
