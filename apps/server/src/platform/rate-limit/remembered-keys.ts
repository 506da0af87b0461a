import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rateLimitHits } from '../../db/schema/index.js';

export interface RememberedKeys {
  /** Notes the key as seen now. */
  remember(key: string): Promise<void>;
  /** Whether the key was seen within the last `maxAgeSeconds`. */
  isRemembered(key: string, maxAgeSeconds: number): Promise<boolean>;
}

/**
 * Keys with the time they were last seen (a device an account signed in from), kept in
 * `rate_limit_hits` beside the counters: `window_start` holds the last time and `count` how often.
 * Unlike a fixed window, a remembered key does not lapse at a window's end, only with age.
 */
export function createRememberedKeys(db: Database): RememberedKeys {
  const t = rateLimitHits;
  return {
    async remember(key) {
      await db
        .insert(t)
        .values({ key, windowStart: new Date(), count: 1 })
        .onConflictDoUpdate({
          target: t.key,
          set: { windowStart: sql`excluded.window_start`, count: sql`${t.count} + 1` },
        });
    },
    async isRemembered(key, maxAgeSeconds) {
      const since = new Date(Date.now() - maxAgeSeconds * 1000);
      const [row] = await db
        .select({ key: t.key })
        .from(t)
        .where(and(eq(t.key, key), gt(t.windowStart, since)));
      return row !== undefined;
    },
  };
}
