import type { AccessGrant } from './auth.repository.js';

const TTL_MS = 15_000;
const MAX_ENTRIES = 20_000;

/**
 * Remembers recently checked access tokens for a few seconds, so a burst of requests from one
 * signed-in client costs one database lookup instead of one each (on PGlite the lookup is the
 * largest part of a request). Revocations on this instance drop entries at once; another
 * instance may honour a revoked token for at most TTL_MS.
 */
export function createAccessGrantCache(ttlMs = TTL_MS) {
  const entries = new Map<string, { grant: AccessGrant; expiresAtMs: number }>();

  return {
    get(tokenHash: string): AccessGrant | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.expiresAtMs <= Date.now()) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.grant;
    },
    set(tokenHash: string, grant: AccessGrant, tokenExpiresAt: Date) {
      if (entries.size >= MAX_ENTRIES) {
        // Maps iterate in insertion order: the first key is the oldest entry.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(tokenHash, { grant, expiresAtMs: Math.min(Date.now() + ttlMs, tokenExpiresAt.getTime()) });
    },
    forget(match: { sessionId?: string; userId?: string }) {
      for (const [tokenHash, { grant }] of entries) {
        if (grant.sessionId === match.sessionId || grant.userId === match.userId) entries.delete(tokenHash);
      }
    },
  };
}

export type AccessGrantCache = ReturnType<typeof createAccessGrantCache>;
