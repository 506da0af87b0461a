import { and, eq, exists, isNull, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albumNoticeDigests, albumPhotos, albums, customizations, users } from '../../db/schema/index.js';

export const DIGEST_INTERVAL_MS = 3_600_000;

export interface DigestItem {
  albumId: string;
  hostEmail: string;
  eventName: string;
  uploads: Array<{ uploadedByName: string; kind: 'photo' | 'video' }>;
  /** New guestbook messages, counted in the same claim. */
  messages: number;
}

/**
 * What the digest needs of the guestbook (its repository's `notices`), which owns `album_messages`:
 * the digest claims an album's new messages with its new uploads, in one transaction, so a message
 * is reported once, in the same e-mail as the photos sent beside it.
 */
export interface MessageNotices {
  /** Whether the album (the digest query's album id column) has messages no digest counted yet. */
  hasUnnoticed(albumId: AnyColumn): SQL;
  /** Marks the album's uncounted messages as counted, in the claim's transaction; answers how many. */
  markNoticed(tx: Database, albumId: string, now: Date): Promise<number>;
}

class NothingToSend extends Error {}

/**
 * The album digests due at `now`: albums whose host turned notices on, with uploads or guestbook
 * messages no digest has counted yet, and no digest in the last hour. Each album is claimed in its own transaction
 * by moving its `last_sent_at` forward only if it is still an hour old (the row lock makes
 * a second server wait and then find nothing), and marking its new uploads and messages as counted.
 */
async function claimDueDigests(
  db: Database,
  messages: MessageNotices,
  now: Date,
  limit: number,
): Promise<DigestItem[]> {
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
        or(
          exists(
            db
              .select({ one: sql`1` })
              .from(albumPhotos)
              .where(and(eq(albumPhotos.albumId, albums.id), isNull(albumPhotos.noticedAt))),
          ),
          messages.hasUnnoticed(albums.id),
        ),
      ),
    )
    .limit(limit);

  const claimed: DigestItem[] = [];
  for (const candidate of candidates) {
    try {
      const claim = await db.transaction(async (tx) => {
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
        const newMessages = await messages.markNoticed(tx as Database, candidate.albumId, now);
        // Nothing new after all (another server just counted it): keep the old time.
        if (marked.length === 0 && newMessages === 0) throw new NothingToSend();
        return { uploads: marked, messages: newMessages };
      });
      claimed.push({ ...candidate, ...claim });
    } catch (error) {
      if (!(error instanceof NothingToSend)) throw error;
    }
  }
  return claimed;
}

/** The hosts' hourly digests of new uploads: which are due, claimed once across servers. */
export function createPhotoNoticesRepository(db: Database, messages: MessageNotices) {
  return {
    claimDueDigests: (now: Date, limit = 50) => claimDueDigests(db, messages, now, limit),
  };
}
