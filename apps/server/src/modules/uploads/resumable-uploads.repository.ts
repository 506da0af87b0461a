import { and, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { resumableUploads } from '../../db/schema/index.js';

export type ResumableUploadRow = typeof resumableUploads.$inferSelect;

// Lease times come from the database's clock, so servers whose clocks differ still agree on them.
const leaseEnd = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`;
const heldBy = (id: string, claim: string) =>
  and(eq(resumableUploads.id, id), eq(resumableUploads.receivingClaim, claim));
const released = { receivingClaim: null, receivingUntil: null, receivingHolder: null };
const holder = resumableUploads.receivingHolder;

/**
 * Whether the server that holds a claim is gone, so its claim need not be waited out. PGlite is
 * opened by one process at a time: a holder other than this handle died with an earlier process.
 * On PostgreSQL a running server keeps its listener's connection, named after it, open; a killed
 * one's connections close with it. A claim with no holder (an older version's) waits for its lease.
 */
function holderGone(database: Pick<DatabaseHandle, 'kind' | 'sessionName'>) {
  const other = and(isNotNull(holder), ne(holder, database.sessionName));
  if (database.kind === 'pglite') return other;
  return and(other, sql`not exists (select 1 from pg_stat_activity where application_name = ${holder})`);
}

export function createResumableUploadsRepository(database: Pick<DatabaseHandle, 'db' | 'kind' | 'sessionName'>) {
  const db: Database = database.db;
  const isIdle = or(
    isNull(resumableUploads.receivingUntil),
    lte(resumableUploads.receivingUntil, sql`now()`),
    holderGone(database),
  );
  return {
    async create(values: typeof resumableUploads.$inferInsert): Promise<ResumableUploadRow> {
      const [row] = await db.insert(resumableUploads).values(values).returning();
      return row!;
    },
    async find(id: string): Promise<ResumableUploadRow | undefined> {
      const [row] = await db.select().from(resumableUploads).where(eq(resumableUploads.id, id));
      return row;
    },
    /** Whether a PATCH (here or on a running server) holds the upload now. */
    async isReceiving(id: string): Promise<boolean> {
      const [row] = await db
        .select({ idle: sql<boolean>`${isIdle}` })
        .from(resumableUploads)
        .where(eq(resumableUploads.id, id));
      return row !== undefined && !row.idle;
    },
    /**
     * Takes the upload for one PATCH: answers the row when no other PATCH holds it (or its holder is
     * gone, or its lease ran out), undefined otherwise.
     */
    async claim(id: string, claim: string, leaseMs: number): Promise<ResumableUploadRow | undefined> {
      const [row] = await db
        .update(resumableUploads)
        .set({ receivingClaim: claim, receivingUntil: leaseEnd(leaseMs), receivingHolder: database.sessionName })
        .where(and(eq(resumableUploads.id, id), isNull(resumableUploads.photoId), isIdle))
        .returning();
      return row;
    },
    /** Extends a held lease while the bytes keep coming; false when the claim was lost. */
    async renew(id: string, claim: string, leaseMs: number): Promise<boolean> {
      const rows = await db
        .update(resumableUploads)
        .set({ receivingUntil: leaseEnd(leaseMs) })
        .where(heldBy(id, claim))
        .returning({ id: resumableUploads.id });
      return rows.length > 0;
    },
    async release(id: string, claim: string) {
      await db.update(resumableUploads).set(released).where(heldBy(id, claim));
    },
    /**
     * Records a stored chunk and advances the offset, only if this claim still holds the upload at
     * the offset it started from (a server whose lease ran out cannot overwrite a newer state).
     */
    async commitChunk(id: string, claim: string, startOffset: number, size: number, key: string): Promise<boolean> {
      const rows = await db
        .update(resumableUploads)
        .set({
          ...released,
          offset: sql`${resumableUploads.offset} + ${size}`,
          chunkKeys: sql`array_append(${resumableUploads.chunkKeys}, ${key}::text)`,
        })
        .where(and(heldBy(id, claim), eq(resumableUploads.offset, startOffset)))
        .returning({ id: resumableUploads.id });
      return rows.length > 0;
    },
    async markFinished(id: string, claim: string, photoId: string, uploadLength: number) {
      await db
        .update(resumableUploads)
        .set({ ...released, photoId, offset: uploadLength, chunkKeys: [] })
        .where(heldBy(id, claim));
    },
    /** Removes the upload unless a PATCH holds it; answers whether it was removed. */
    async deleteIfIdle(id: string): Promise<boolean> {
      const rows = await db
        .delete(resumableUploads)
        .where(and(eq(resumableUploads.id, id), isIdle))
        .returning({ id: resumableUploads.id });
      return rows.length > 0;
    },
    async delete(id: string) {
      await db.delete(resumableUploads).where(eq(resumableUploads.id, id));
    },
    /** Removes expired uploads and answers their ids, so their chunks can go too. */
    async deleteExpired(now: Date): Promise<string[]> {
      const rows = await db
        .delete(resumableUploads)
        .where(lt(resumableUploads.expiresAt, now))
        .returning({ id: resumableUploads.id });
      return rows.map((row) => row.id);
    },
    /** The chunk keys still in use by these uploads (for the sweep of chunks nothing points at). */
    async chunkKeysOf(ids: string[]): Promise<Map<string, string[]>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: resumableUploads.id, chunkKeys: resumableUploads.chunkKeys })
        .from(resumableUploads)
        .where(inArray(resumableUploads.id, ids));
      return new Map(rows.map((row) => [row.id, row.chunkKeys]));
    },
  };
}

export type ResumableUploadsRepository = ReturnType<typeof createResumableUploadsRepository>;
