import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { MediaJobRow } from '../../db/schema/index.js';

/**
 * The durable job queue: one `media_jobs` row per piece of background work, in the database every
 * server already shares, so it works the same on PGlite and PostgreSQL (pg-boss and graphile-worker
 * need a PostgreSQL server; docs/decisions.md, "Background jobs").
 *
 * - Claiming takes the oldest due row with `FOR UPDATE SKIP LOCKED`: two workers never take the same
 *   one, and neither waits on the other's row.
 * - A claim writes a new `lease_token`; the holder keeps `heartbeat_at` fresh. A row still `running`
 *   whose heartbeat is older than the lease is due again: its worker died (a killed server) or hung.
 * - Every write a holder makes checks its token, so a worker that lost its lease cannot finish,
 *   retry or fail a job another worker now holds.
 */
export type JobKind = MediaJobRow['kind'];

/** The column naming what a kind of job works on: a video (`album_photos`) or a guestbook message. */
const SUBJECT: Readonly<Record<JobKind, SQL>> = {
  'video-playback': sql.raw('photo_id'),
  'voice-note-copy': sql.raw('message_id'),
  'face-index': sql.raw('photo_id'),
};

/** The channel workers listen on: a new job wakes them at once instead of at their next poll. */
export const MEDIA_JOBS_CHANNEL = 'momentos_media_jobs';

export interface ClaimedJob {
  id: string;
  /** The video's or the message's id, as the kind says. */
  subjectId: string;
  kind: JobKind;
  /** This claim included. */
  attempts: number;
  leaseToken: string;
}

/** The holder's lease was taken over (its heartbeat lapsed); its work is no longer its own. */
export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`the lease on job ${jobId} was lost`);
  }
}

type Executor = Pick<Database, 'execute'>;
type Row = Record<string, unknown>;

const toClaimed = (row: Row): ClaimedJob => ({
  id: String(row.id),
  subjectId: String(row.subject_id),
  kind: row.kind as JobKind,
  attempts: Number(row.attempts),
  leaseToken: String(row.lease_token),
});

export function createJobQueue(db: Database, { leaseMs }: { leaseMs: number }) {
  const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

  /** Runs `write` (given the transaction) only while the lease holds; the job row is locked meanwhile. */
  async function whileHolding<T>(job: ClaimedJob, write: (tx: Database) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const held = await tx.execute(sql`
        select id from media_jobs
        where id = ${job.id} and state = 'running' and lease_token = ${job.leaseToken}
        for update`);
      if (rowsOf(held).length === 0) throw new LeaseLostError(job.id);
      return write(tx as Database);
    });
  }

  return {
    leaseMs,

    /**
     * Queues the job for its subject, or queues it afresh (attempts from zero) when one exists: the
     * host's "try again". Give the transaction that writes the subject, so both land or neither.
     */
    async enqueue(subjectId: string, kind: JobKind, executor: Executor = db): Promise<void> {
      await executor.execute(sql`
        insert into media_jobs (${SUBJECT[kind]}, kind) values (${subjectId}, ${kind})
        on conflict (${SUBJECT[kind]}, kind) do update set
          state = 'queued', attempts = 0, run_after = now(), lease_token = null, leased_by = null,
          heartbeat_at = null, last_error = null, finished_at = null`);
    },

    /**
     * Queues the job for each of these subjects that has none in any state (a sweep's finds); a
     * queued, running, done or failed one is left as it is. Answers how many were queued.
     */
    async enqueueMissing(subjectIds: string[], kind: JobKind): Promise<number> {
      let queued = 0;
      // A thousand rows a statement: PostgreSQL takes at most 65,535 parameters in one.
      for (let start = 0; start < subjectIds.length; start += 1000) {
        const values = sql.join(
          subjectIds.slice(start, start + 1000).map((id) => sql`(${id}::uuid, ${kind})`),
          sql`, `,
        );
        const result = await db.execute(sql`
          insert into media_jobs (${SUBJECT[kind]}, kind) values ${values}
          on conflict (${SUBJECT[kind]}, kind) do nothing
          returning id`);
        queued += rowsOf(result).length;
      }
      return queued;
    },

    /** Wakes every listening worker (call after the enqueueing transaction committed). */
    async announce(): Promise<void> {
      await db.execute(sql`select pg_notify(${MEDIA_JOBS_CHANNEL}, '')`);
    },

    /** The oldest due job of these kinds, now held by `workerName`; undefined when none is due. */
    async claim(kinds: readonly JobKind[], workerName: string): Promise<ClaimedJob | undefined> {
      const kindList = sql.join(
        kinds.map((kind) => sql`${kind}`),
        sql`, `,
      );
      const result = await db.execute(sql`
        update media_jobs set
          state = 'running', attempts = attempts + 1, lease_token = gen_random_uuid(),
          leased_by = ${workerName}, heartbeat_at = now()
        where id = (
          select id from media_jobs
          where kind in (${kindList}) and (
            (state = 'queued' and run_after <= now())
            or (state = 'running' and heartbeat_at < now() - make_interval(secs => ${leaseMs / 1000}))
          )
          order by run_after, created_at
          limit 1
          for update skip locked
        )
        returning id, coalesce(photo_id, message_id) as subject_id, kind, attempts, lease_token`);
      const [row] = rowsOf(result);
      return row ? toClaimed(row) : undefined;
    },

    /** Keeps the lease; false once it is lost (another worker took the job over). */
    async heartbeat(job: ClaimedJob): Promise<boolean> {
      const result = await db.execute(sql`
        update media_jobs set heartbeat_at = now()
        where id = ${job.id} and state = 'running' and lease_token = ${job.leaseToken}
        returning id`);
      return rowsOf(result).length > 0;
    },

    /** Marks the job done, with `write` (the job's result) in the same transaction. */
    async complete<T>(job: ClaimedJob, write: (tx: Database) => Promise<T>): Promise<T> {
      return whileHolding(job, async (tx) => {
        const result = await write(tx);
        await tx.execute(sql`
          update media_jobs set state = 'done', lease_token = null, finished_at = now(), last_error = null
          where id = ${job.id}`);
        return result;
      });
    },

    /** Puts the job back in the queue, due after `delayMs`, keeping the error for the operator. */
    async retryLater(job: ClaimedJob, delayMs: number, error: string): Promise<void> {
      await whileHolding(job, (tx) =>
        tx.execute(sql`
          update media_jobs set state = 'queued', lease_token = null, leased_by = null, heartbeat_at = null,
            run_after = now() + make_interval(secs => ${delayMs / 1000}), last_error = ${error}
          where id = ${job.id}`),
      );
    },

    /** Gives the job up for good, with `write` (what the user is told) in the same transaction. */
    async giveUp<T>(job: ClaimedJob, error: string, write: (tx: Database) => Promise<T>): Promise<T> {
      return whileHolding(job, async (tx) => {
        const result = await write(tx);
        await tx.execute(sql`
          update media_jobs set state = 'failed', lease_token = null, finished_at = now(), last_error = ${error}
          where id = ${job.id}`);
        return result;
      });
    },

    /**
     * Hands a job back untried (the worker is shutting down): due at once, and this claim does not
     * count against its attempts. A lost lease is nothing to hand back.
     */
    async release(job: ClaimedJob): Promise<void> {
      await db.execute(sql`
        update media_jobs set state = 'queued', attempts = greatest(attempts - 1, 0), lease_token = null,
          leased_by = null, heartbeat_at = null, run_after = now()
        where id = ${job.id} and state = 'running' and lease_token = ${job.leaseToken}`);
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
