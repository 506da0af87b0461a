import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rateLimitHits } from '../../db/schema/index.js';

/** How failures under one key slow its next attempts down. */
export interface FailureDelayPolicy {
  /** Failures that cost no wait. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; each further failure doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A key's failures are forgotten this long after its last one. */
  forgetAfterSeconds: number;
}

export type FailureDelayClaim = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface FailureDelay {
  /**
   * Takes the key's next attempt if its wait is over. The attempt counts as a failure from now on,
   * so attempts in flight together cannot all slip through one opening; `reset` clears the key
   * when the attempt succeeds.
   */
  claim(key: string, policy: FailureDelayPolicy): Promise<FailureDelayClaim>;
  /** Starts the wait again when a claimed attempt ends as a failure, so a slow check (a password hash) does not eat it. */
  markFailed(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** The wait owed after `failures` failures. */
export function delayAfterFailures(failures: number, policy: FailureDelayPolicy): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(failures - policy.freeFailures, 30));
}

/**
 * Growing waits between failures under one key, shared by every server on the database. Rows live
 * in `rate_limit_hits` under their own keys: `count` holds the failures and `window_start` the
 * time of the last one (a wait is measured from there, not from a fixed window).
 */
export function createFailureDelay(db: Database): FailureDelay {
  const t = rateLimitHits;
  return {
    async claim(key, policy) {
      const nowMs = Date.now();
      const forgetBefore = new Date(nowMs - policy.forgetAfterSeconds * 1000).toISOString();
      const owedMs = sql`least(cast(${policy.maxDelayMs} as double precision),
        cast(${policy.baseDelayMs} as double precision) * power(2, least(${t.count} - cast(${policy.freeFailures} as integer), 30)))`;
      const isForgotten = sql`${t.windowStart} <= cast(${forgetBefore} as timestamptz)`;
      const [claimed] = await db
        .insert(t)
        .values({ key, windowStart: new Date(nowMs), count: 1 })
        .onConflictDoUpdate({
          target: t.key,
          set: {
            count: sql`case when ${isForgotten} then 1 else ${t.count} + 1 end`,
            windowStart: sql`excluded.window_start`,
          },
          // The row changes only when this attempt may go ahead; otherwise nothing is counted.
          setWhere: sql`${isForgotten} or ${t.count} < cast(${policy.freeFailures} as integer)
            or extract(epoch from ${t.windowStart}) * 1000 + ${owedMs} <= cast(${nowMs} as double precision)`,
        })
        .returning({ count: t.count });
      if (claimed) return { allowed: true };
      const [row] = await db.select().from(t).where(eq(t.key, key));
      const waitEndsMs = row ? row.windowStart.getTime() + delayAfterFailures(row.count, policy) : nowMs;
      return { allowed: false, retryAfterMs: Math.max(1, waitEndsMs - nowMs) };
    },
    async markFailed(key) {
      await db.update(t).set({ windowStart: new Date() }).where(eq(t.key, key));
    },
    async reset(key) {
      await db.delete(t).where(eq(t.key, key));
    },
  };
}
