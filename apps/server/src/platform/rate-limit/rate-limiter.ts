import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rateLimitHits } from '../../db/schema/index.js';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
  /** Hits counted in the window so far, this one included. */
  count?: number;
}

export interface RateLimiter {
  /**
   * Counts `amount` attempts (one by default) under `key` and says whether the count is within
   * `limit` for the window. A negative amount gives attempts back; a count never goes below zero.
   */
  hit(key: string, limit: number, windowSeconds: number, amount?: number): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
  /** The counts of the current windows of these keys, without counting anything (absent keys count 0). */
  peek(keys: readonly { key: string; windowSeconds: number }[]): Promise<Map<string, number>>;
}

const windowStartOf = (nowMs: number, windowSeconds: number) =>
  new Date(Math.floor(nowMs / (windowSeconds * 1000)) * windowSeconds * 1000);

/**
 * Fixed-window counters in the database: one atomic upsert a hit, shared by every server
 * instance on the same database, so a limit holds however many servers run.
 */
export function createRateLimiter(db: Database): RateLimiter {
  return {
    async hit(key, limit, windowSeconds, amount = 1) {
      const now = new Date();
      const windowStart = windowStartOf(now.getTime(), windowSeconds);
      const [row] = await db
        .insert(rateLimitHits)
        .values({ key, windowStart, count: Math.max(amount, 0) })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: {
            // The amount itself, not excluded.count: a give-back (negative) is inserted as 0.
            count: sql`greatest(0, case when ${rateLimitHits.windowStart} = excluded.window_start then ${rateLimitHits.count} + cast(${amount} as integer) else cast(${amount} as integer) end)`,
            windowStart: sql`excluded.window_start`,
          },
        })
        .returning({ count: rateLimitHits.count });
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil((windowStart.getTime() + windowSeconds * 1000 - now.getTime()) / 1000),
      );
      const count = row?.count ?? amount;
      return { allowed: count <= limit, retryAfterSeconds, count };
    },
    async reset(key) {
      await db.delete(rateLimitHits).where(sql`${rateLimitHits.key} = ${key}`);
    },
    async peek(keys) {
      const counts = new Map<string, number>();
      if (keys.length === 0) return counts;
      const rows = await db
        .select()
        .from(rateLimitHits)
        .where(
          inArray(
            rateLimitHits.key,
            keys.map(({ key }) => key),
          ),
        );
      const nowMs = Date.now();
      for (const { key, windowSeconds } of keys) {
        const row = rows.find((candidate) => candidate.key === key);
        const isCurrent = row && row.windowStart.getTime() === windowStartOf(nowMs, windowSeconds).getTime();
        counts.set(key, isCurrent ? row.count : 0);
      }
      return counts;
    },
  };
}
