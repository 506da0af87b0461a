import { randomUUID } from 'node:crypto';
import { and, eq, exists, isNotNull, isNull, lte, not, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albumNoticeDigests, albumPhotos, albums, customizations, users } from '../../db/schema/index.js';

export const DIGEST_INTERVAL_MS = 3_600_000;

export interface DigestItem {
  albumId: string;
  hostEmail: string;
  /** The host's language (users.language): the digest is written in it alone. */
  hostLanguage: 'es' | 'en';
  eventName: string;
  uploads: Array<{ uploadedByName: string; kind: 'photo' | 'video' }>;
  /** New guestbook messages, counted in the same claim. */
  messages: number;
}

/**
 * What the digest needs of the guestbook (its repository's `notices`), which owns `album_messages`:
 * the digest holds an album's new messages with its new uploads, in one transaction, so a message
 * is reported once, in the same e-mail as the photos sent beside it.
 */
export interface MessageNotices {
  /** Whether the album (the digest query's album id column) has messages no digest told or holds. */
  hasUnnoticed(albumId: AnyColumn): SQL;
  /** Whether the album has messages a digest still waiting in the outbox holds. */
  hasWaiting(albumId: AnyColumn): SQL;
  /** Gives the album's untold, unheld messages to the digest e-mail `emailId`, in the claim's transaction; answers how many. */
  hold(tx: Database, albumId: string, emailId: string): Promise<number>;
  /** The digest e-mail went (or was kept): its messages are told. */
  told(tx: Database, emailId: string, at: Date): Promise<void>;
  /** The digest e-mail was given up: its messages wait for the next one. */
  release(tx: Database, emailId: string): Promise<void>;
}

/** Writes the digest e-mail for the claimed album into the outbox, in the claim's transaction, as `emailId`. */
export type QueueDigest = (tx: Database, item: DigestItem, emailId: string) => Promise<void>;

class NothingToSend extends Error {}

/** An album's uploads no digest has told: `free` ones no digest holds yet, or `held` by one still waiting. */
const untoldPhotos = (albumId: string | AnyColumn, which: 'free' | 'held') =>
  and(
    eq(albumPhotos.albumId, albumId),
    isNull(albumPhotos.noticedAt),
    which === 'free' ? isNull(albumPhotos.noticeEmailId) : isNotNull(albumPhotos.noticeEmailId),
  );

/**
 * Queues the album digests due at `now`: albums whose host turned notices on, with uploads or
 * guestbook messages no digest has told or holds, no digest still waiting in the outbox, and no
 * digest in the last hour. Each album is claimed in its own transaction by moving its
 * `last_sent_at` forward only if it is still an hour old (the row lock makes a second server wait
 * and then find nothing); its new uploads and messages are held by the digest's e-mail, written to
 * the outbox in the same transaction, and counted told when the outbox sends it (`told`).
 */
async function queueDueDigests(
  db: Database,
  messages: MessageNotices,
  queue: QueueDigest,
  now: Date,
  limit: number,
): Promise<number> {
  const hourAgo = new Date(now.getTime() - DIGEST_INTERVAL_MS);
  const candidates = await db
    .select({
      albumId: albums.id,
      hostEmail: users.email,
      hostLanguage: users.language,
      eventName: customizations.eventName,
    })
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
              .where(untoldPhotos(albums.id, 'free')),
          ),
          messages.hasUnnoticed(albums.id),
        ),
        // A digest still waiting for the mail server first: the next one names what came since.
        not(
          exists(
            db
              .select({ one: sql`1` })
              .from(albumPhotos)
              .where(untoldPhotos(albums.id, 'held')),
          ),
        ),
        not(messages.hasWaiting(albums.id)),
      ),
    )
    .limit(limit);

  let queued = 0;
  for (const candidate of candidates) {
    try {
      await db.transaction(async (tx) => {
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
        const emailId = randomUUID();
        const held = await tx
          .update(albumPhotos)
          .set({ noticeEmailId: emailId })
          .where(untoldPhotos(candidate.albumId, 'free'))
          .returning({ uploadedByName: albumPhotos.uploadedByName, kind: albumPhotos.kind });
        const newMessages = await messages.hold(tx as Database, candidate.albumId, emailId);
        // Nothing new after all (another server just counted it): keep the old time.
        if (held.length === 0 && newMessages === 0) throw new NothingToSend();
        await queue(tx as Database, { ...candidate, uploads: held, messages: newMessages }, emailId);
      });
      queued++;
    } catch (error) {
      if (!(error instanceof NothingToSend)) throw error;
    }
  }
  return queued;
}

/** The hosts' hourly digests of new uploads: which are due, claimed once across servers, and told once sent. */
export function createPhotoNoticesRepository(db: Database, messages: MessageNotices) {
  return {
    queueDueDigests: (queue: QueueDigest, now: Date, limit = 50) => queueDueDigests(db, messages, queue, now, limit),
    /** The digest e-mail went (or was kept): its uploads are told. */
    async told(tx: Database, emailId: string, at: Date): Promise<void> {
      await tx
        .update(albumPhotos)
        .set({ noticedAt: at })
        .where(and(eq(albumPhotos.noticeEmailId, emailId), isNull(albumPhotos.noticedAt)));
    },
    /** The digest e-mail was given up: its uploads wait for the next one. */
    async release(tx: Database, emailId: string): Promise<void> {
      await tx
        .update(albumPhotos)
        .set({ noticeEmailId: null })
        .where(and(eq(albumPhotos.noticeEmailId, emailId), isNull(albumPhotos.noticedAt)));
    },
  };
}
