import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/**
 * The outbox's delivery queue: the `outbox_emails` rows still to send, in the database every server
 * shares (the pattern of platform/jobs/job-queue.ts, whose `media_jobs` rows are per photo).
 *
 * - A claim takes the oldest due row with `FOR UPDATE SKIP LOCKED` and writes a new `lease_token`
 *   and `leased_until`: two servers never send the same message.
 * - A row still `sending` after its lease is due again: its server died mid-send, so whether the
 *   mail server took it is unknown. It is sent again (a lost e-mail is worse than a repeated one;
 *   the Message-ID stays the same so mail clients can fold the two); the lease outlasts every SMTP
 *   timeout, so a slow server that is still alive is never overtaken.
 * - Every write after the claim checks the token: a sender that lost its lease changes nothing.
 */
export interface ClaimedEmail {
  id: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  topic: string | null;
  /** This claim included. */
  attempts: number;
  createdAt: Date;
  leaseToken: string;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

const toClaimed = (row: Row): ClaimedEmail => ({
  id: String(row.id),
  toAddress: String(row.to_address),
  subject: String(row.subject),
  textBody: String(row.text_body),
  htmlBody: row.html_body == null ? null : String(row.html_body),
  topic: row.topic == null ? null : String(row.topic),
  attempts: Number(row.attempts),
  createdAt: new Date(row.created_at as string | Date),
  leaseToken: String(row.lease_token),
});

export function createOutboxQueue(db: Database, { leaseMs }: { leaseMs: number }) {
  /** Runs `write` in a transaction only while the lease holds (the row locked); false when it was lost. */
  async function whileHolding(email: ClaimedEmail, write: (tx: Database) => Promise<void>): Promise<boolean> {
    return db.transaction(async (tx) => {
      const held = await tx.execute(sql`
        select id from outbox_emails
        where id = ${email.id} and state = 'sending' and lease_token = ${email.leaseToken}
        for update`);
      if (rowsOf(held).length === 0) return false;
      await write(tx as Database);
      return true;
    });
  }

  return {
    /** The oldest message due now, held by the caller; undefined when none is due. */
    async claim(): Promise<ClaimedEmail | undefined> {
      const result = await db.execute(sql`
        update outbox_emails set
          state = 'sending', attempts = attempts + 1, lease_token = gen_random_uuid(),
          leased_until = now() + make_interval(secs => ${leaseMs / 1000})
        where id = (
          select id from outbox_emails
          where (state = 'pending' and next_attempt_at <= now()) or (state = 'sending' and leased_until < now())
          order by next_attempt_at, created_at
          limit 1
          for update skip locked
        )
        returning id, to_address, subject, text_body, html_body, topic, attempts, created_at, lease_token`);
      const [row] = rowsOf(result);
      return row ? toClaimed(row) : undefined;
    },

    /** Marks the message sent, with `write` (what its topic records) in the same transaction. */
    sent(email: ClaimedEmail, write: (tx: Database, at: Date) => Promise<void>): Promise<boolean> {
      return whileHolding(email, async (tx) => {
        const at = new Date();
        await tx.execute(sql`
          update outbox_emails set state = 'sent', sent_at = ${at.toISOString()}, lease_token = null, leased_until = null
          where id = ${email.id}`);
        await write(tx, at);
      });
    },

    /** Puts the message back, due after `delayMs`, keeping the error for the operator. */
    retryLater(email: ClaimedEmail, delayMs: number, error: string): Promise<boolean> {
      return whileHolding(email, async (tx) => {
        await tx.execute(sql`
          update outbox_emails set state = 'pending', lease_token = null, leased_until = null, error = ${error},
            next_attempt_at = now() + make_interval(secs => ${delayMs / 1000})
          where id = ${email.id}`);
      });
    },

    /** Gives the message up for good, with `write` (what its topic undoes) in the same transaction. */
    giveUp(email: ClaimedEmail, error: string, write: (tx: Database) => Promise<void>): Promise<boolean> {
      return whileHolding(email, async (tx) => {
        await tx.execute(sql`
          update outbox_emails set state = 'failed', lease_token = null, leased_until = null, error = ${error}
          where id = ${email.id}`);
        await write(tx);
      });
    },

    /** Hands a message back untried (the server is closing): due at once, the claim not counted. */
    async release(email: ClaimedEmail): Promise<void> {
      await db.execute(sql`
        update outbox_emails set state = 'pending', attempts = greatest(attempts - 1, 0), lease_token = null,
          leased_until = null, next_attempt_at = now()
        where id = ${email.id} and state = 'sending' and lease_token = ${email.leaseToken}`);
    },
  };
}

export type OutboxQueue = ReturnType<typeof createOutboxQueue>;
