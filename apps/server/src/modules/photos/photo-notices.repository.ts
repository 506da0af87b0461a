import { and, eq, exists, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albumNoticeDigests, albumPhotos, albums, customizations, users } from '../../db/schema/index.js';

export const DIGEST_INTERVAL_MS = 3_600_000;

export interface DigestItem {
  albumId: string;
  hostEmail: string;
  eventName: string;
  uploads: Array<{ uploadedByName: string; kind: 'photo' | 'video' }>;
}

class NothingToSend extends Error {}

/**
 * The album digests due at `now`: albums whose host turned notices on, with uploads no digest
 * has counted yet, and no digest in the last hour. Each album is claimed in its own transaction
 * by moving its `last_sent_at` forward only if it is still an hour old (the row lock makes
 * a second server wait and then find nothing), and marking its new uploads as counted.
 */
async function claimDueDigests(db: Database, now: Date, limit: number): Promise<DigestItem[]> {
  const hourAgo = new Date(now.getTime() - DIGEST_INTERVAL_MS);
  const candidates = await db
    .select({ albumId: albums.id, hostEmail: users.email, eventName: customizations.eventName })
    .from(albums)
    .innerJoin(customizations, eq(customizations.id, albums.customizationId))
    .innerJoin(users, eq(users.id, albums.userId))
    .leftJoin(albumNoticeDigests, eq(albumNoticeDigests.albumId, albums.id))
    .where(
      and(
        eq(customizations.enableNotices, true),
        or(isNull(albumNoticeDigests.lastSentAt), lte(albumNoticeDigests.lastSentAt, hourAgo)),
        exists(
          db
            .select({ one: sql`1` })
            .from(albumPhotos)
            .where(and(eq(albumPhotos.albumId, albums.id), isNull(albumPhotos.noticedAt))),
        ),
      ),
    )
    .limit(limit);

  const claimed: DigestItem[] = [];
  for (const candidate of candidates) {
    try {
      const uploads = await db.transaction(async (tx) => {
        await tx
          .insert(albumNoticeDigests)
          .values({ albumId: candidate.albumId, lastSentAt: new Date(0) })
          .onConflictDoNothing();
        const [won] = await tx
          .update(albumNoticeDigests)
          .set({ lastSentAt: now })
          .where(and(eq(albumNoticeDigests.albumId, candidate.albumId), lte(albumNoticeDigests.lastSentAt, hourAgo)))
          .returning({ albumId: albumNoticeDigests.albumId });
        if (!won) throw new NothingToSend();
        const marked = await tx
          .update(albumPhotos)
          .set({ noticedAt: now })
          .where(and(eq(albumPhotos.albumId, candidate.albumId), isNull(albumPhotos.noticedAt)))
          .returning({ uploadedByName: albumPhotos.uploadedByName, kind: albumPhotos.kind });
        // Nothing new after all (another server just counted it): keep the old time.
        if (marked.length === 0) throw new NothingToSend();
        return marked;
      });
      claimed.push({ ...candidate, uploads });
    } catch (error) {
      if (!(error instanceof NothingToSend)) throw error;
    }
  }
  return claimed;
}

/** The hosts' hourly digests of new uploads: which are due, claimed once across servers. */
export function createPhotoNoticesRepository(db: Database) {
  return {
    claimDueDigests: (now: Date, limit = 50) => claimDueDigests(db, now, limit),
  };
}
