import type { AccessGrant } from '../access/index.js';

/** What a load from the database answers: the grant and when its token expires. */
export type LoadedGrant = { grant: AccessGrant; tokenExpiresAt: Date } | undefined;

export interface AccessGrantCacheOptions {
  /** A backstop only: correctness comes from the database's notices (auth-change-notices.ts). */
  ttlMs?: number;
  maxEntries?: number;
  /** False while notices may go unheard (the listener is reconnecting): every read goes to the database. */
  isTrusted?: () => boolean;
  now?: () => number;
}

/**
 * The grants of access tokens this server has checked, by token hash, so a signed-in request
 * (including `/me`, which answers from the grant) costs no database query. Revocations and user
 * changes reach every server as database notices, which call `forget`; a load that was running
 * when anything was forgotten is answered but not kept, since it may have read the rows from
 * before the change.
 */
export function createAccessGrantCache({
  ttlMs = 60_000,
  maxEntries = 20_000,
  isTrusted = () => true,
  now = Date.now,
}: AccessGrantCacheOptions = {}) {
  const entries = new Map<string, { grant: AccessGrant; expiresAtMs: number }>();
  // Bumped by every forget and clear; rare (sign-outs, user changes), so one counter for all keys.
  let generation = 0;

  function keep(tokenHash: string, grant: AccessGrant, tokenExpiresAt: Date) {
    if (entries.size >= maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(tokenHash, { grant, expiresAtMs: Math.min(now() + ttlMs, tokenExpiresAt.getTime()) });
  }

  return {
    /** The grant of a live token: from memory while fresh and trusted, else `load`ed. */
    async read(tokenHash: string, load: () => Promise<LoadedGrant>): Promise<AccessGrant | undefined> {
      const trusted = isTrusted();
      const entry = trusted ? entries.get(tokenHash) : undefined;
      if (entry && entry.expiresAtMs > now()) return entry.grant;
      if (entry) entries.delete(tokenHash);
      const startedAt = generation;
      const loaded = await load();
      if (loaded && trusted && isTrusted() && generation === startedAt)
        keep(tokenHash, loaded.grant, loaded.tokenExpiresAt);
      return loaded?.grant;
    },
    /** Drops every token of a session or of a user. */
    forget(match: { sessionId?: string; userId?: string }) {
      generation++;
      for (const [tokenHash, { grant }] of entries) {
        if (grant.sessionId === match.sessionId || grant.userId === match.userId) entries.delete(tokenHash);
      }
    },
    /** Drops everything (for example after notices may have been missed). */
    clear() {
      generation++;
      entries.clear();
    },
  };
}

export type AccessGrantCache = ReturnType<typeof createAccessGrantCache>;
