import { and, asc, count, desc, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albumMessages, albums, type AlbumMessageRow, type PackageSnapshot } from '../../db/schema/index.js';

export type MessageState = AlbumMessageRow['status'];
export type NewMessage = typeof albumMessages.$inferInsert & { id: string };
/** Decides, under the album's lock, whether one more message may join (message-policy.ts). */
export type MessageAdmission<Refusal> = (snapshot: PackageSnapshot, taken: number) => Refusal | undefined;

const inState = (albumId: string, state: MessageState | undefined) =>
  and(eq(albumMessages.albumId, albumId), state ? eq(albumMessages.status, state) : undefined);
const newestFirst = [desc(albumMessages.createdAt), desc(albumMessages.id)];

/** Every query of `album_messages`: the guestbook's guests, its host, the dashboard's count and the digest. */
export function createGuestbookRepository(db: Database) {
  return {
    /**
     * Inserts the message unless `refusalOf` refuses it, given the album's plan and how many
     * messages it holds in every state. The album row is locked first, as photo uploads do
     * (uploads/uploads.repository.ts), so concurrent posts see each other's rows and never pass
     * the count.
     * `afterInsert` runs in the same transaction (the voice note's copy job), so both land or neither.
     */
    async insertWithinLimits<Refusal>(
      message: NewMessage,
      refusalOf: MessageAdmission<Refusal>,
      afterInsert?: (tx: Database, inserted: AlbumMessageRow) => Promise<void>,
    ): Promise<{ kind: 'inserted'; message: AlbumMessageRow } | { kind: 'refused'; refusal: Refusal }> {
      return db.transaction(async (tx) => {
        const [album] = await tx
          .select({ snapshot: albums.packageSnapshot })
          .from(albums)
          .where(eq(albums.id, message.albumId))
          .for('update');
        const [taken] = await tx
          .select({ n: count() })
          .from(albumMessages)
          .where(eq(albumMessages.albumId, message.albumId));
        const refusal = refusalOf(album!.snapshot, taken?.n ?? 0);
        if (refusal !== undefined) return { kind: 'refused' as const, refusal };
        const [inserted] = await tx.insert(albumMessages).values(message).returning();
        await afterInsert?.(tx as Database, inserted!);
        return { kind: 'inserted' as const, message: inserted! };
      });
    },

    /** Which of these message ids have a row (the others' voice-note folders are leftovers). */
    async existingIds(messageIds: string[]): Promise<Set<string>> {
      if (messageIds.length === 0) return new Set();
      const rows = await db
        .select({ id: albumMessages.id })
        .from(albumMessages)
        .where(inArray(albumMessages.id, messageIds));
      return new Set(rows.map((row) => row.id));
    },

    async countMessages(albumId: string, state?: MessageState): Promise<number> {
      const [row] = await db.select({ n: count() }).from(albumMessages).where(inState(albumId, state));
      return row?.n ?? 0;
    },

    /** A page of the album's messages in one state (or all), newest first. */
    listMessages(albumId: string, state: MessageState | undefined, page: number, pageSize: number) {
      return db
        .select()
        .from(albumMessages)
        .where(inState(albumId, state))
        .orderBy(...newestFirst)
        .limit(pageSize)
        .offset((page - 1) * pageSize);
    },

    async countsByState(albumId: string): Promise<Record<MessageState, number>> {
      const rows = await db
        .select({ status: albumMessages.status, n: count() })
        .from(albumMessages)
        .where(eq(albumMessages.albumId, albumId))
        .groupBy(albumMessages.status);
      const of = (status: MessageState) => rows.find((row) => row.status === status)?.n ?? 0;
      return { approved: of('approved'), pending: of('pending'), hidden: of('hidden') };
    },

    async findInAlbum(albumId: string, messageId: string): Promise<AlbumMessageRow | undefined> {
      const [row] = await db
        .select()
        .from(albumMessages)
        .where(and(eq(albumMessages.id, messageId), eq(albumMessages.albumId, albumId)));
      return row;
    },

    async setStatus(albumId: string, messageId: string, status: MessageState) {
      const [row] = await db
        .update(albumMessages)
        .set({ status })
        .where(and(eq(albumMessages.id, messageId), eq(albumMessages.albumId, albumId)))
        .returning();
      return row;
    },

    async deleteMessage(albumId: string, messageId: string): Promise<AlbumMessageRow | undefined> {
      const [row] = await db
        .delete(albumMessages)
        .where(and(eq(albumMessages.id, messageId), eq(albumMessages.albumId, albumId)))
        .returning();
      return row;
    },

    /**
     * The whole-album archive's view: the guestbook as the host keeps it (approved, neither pending
     * nor hidden, as the printable page shows it), oldest first, as a book reads.
     */
    archive: {
      all: (albumId: string) =>
        db
          .select()
          .from(albumMessages)
          .where(inState(albumId, 'approved'))
          .orderBy(asc(albumMessages.createdAt), asc(albumMessages.id)),
      /**
       * Changes whenever `all` would: which messages are approved (their words never change) and
       * which voice notes have their copy (the ZIP then holds it, and the original aside).
       */
      async version(albumId: string): Promise<string> {
        const entry = sql`${albumMessages.id}::text || ':' || coalesce(${albumMessages.voiceCopyCrc32}::text, '')`;
        const [row] = await db
          .select({
            n: count(),
            ids: sql<string | null>`md5(string_agg(${entry}, ',' order by ${albumMessages.id}))`,
          })
          .from(albumMessages)
          .where(inState(albumId, 'approved'));
        return `${row?.n ?? 0}:${row?.ids ?? ''}`;
      },
      async saveVoiceChecksum(messageId: string, voiceBytes: number, voiceCrc32: number) {
        await db.update(albumMessages).set({ voiceBytes, voiceCrc32 }).where(eq(albumMessages.id, messageId));
      },
    },

    /** Messages left per day (YYYY-MM-DD, UTC) for the host's analytics. */
    perDay: (albumId: string) =>
      db
        .select({
          date: sql<string>`to_char(${albumMessages.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
          count: count(),
        })
        .from(albumMessages)
        .where(eq(albumMessages.albumId, albumId))
        .groupBy(sql`1`)
        .orderBy(sql`1`),

    /** The digest's view of messages (photos' notices-digest.ts holds them with the album's new uploads). */
    notices: {
      /** Whether the album (its id column in the digest's query) has messages no digest told or holds. */
      hasUnnoticed: (albumId: AnyColumn): SQL =>
        sql`exists (select 1 from ${albumMessages} where ${albumMessages.albumId} = ${albumId} and ${albumMessages.noticedAt} is null and ${albumMessages.noticeEmailId} is null)`,
      /** Whether the album has messages a digest still waiting in the outbox holds. */
      hasWaiting: (albumId: AnyColumn): SQL =>
        sql`exists (select 1 from ${albumMessages} where ${albumMessages.albumId} = ${albumId} and ${albumMessages.noticedAt} is null and ${albumMessages.noticeEmailId} is not null)`,
      /** Gives the album's untold, unheld messages to the digest e-mail, inside the digest's claim; answers how many. */
      async hold(tx: Database, albumId: string, emailId: string): Promise<number> {
        const held = await tx
          .update(albumMessages)
          .set({ noticeEmailId: emailId })
          .where(
            and(
              eq(albumMessages.albumId, albumId),
              isNull(albumMessages.noticedAt),
              isNull(albumMessages.noticeEmailId),
            ),
          )
          .returning({ id: albumMessages.id });
        return held.length;
      },
      /** The digest e-mail went (or was kept): its messages are told. */
      async told(tx: Database, emailId: string, at: Date): Promise<void> {
        await tx
          .update(albumMessages)
          .set({ noticedAt: at })
          .where(and(eq(albumMessages.noticeEmailId, emailId), isNull(albumMessages.noticedAt)));
      },
      /** The digest e-mail was given up: its messages wait for the next one. */
      async release(tx: Database, emailId: string): Promise<void> {
        await tx
          .update(albumMessages)
          .set({ noticeEmailId: null })
          .where(and(eq(albumMessages.noticeEmailId, emailId), isNull(albumMessages.noticedAt)));
      },
    },
  };
}

export type GuestbookRepository = ReturnType<typeof createGuestbookRepository>;
