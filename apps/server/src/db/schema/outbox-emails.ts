import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every e-mail the product sends, kept whether or not SMTP is configured. Without SMTP a message is
 * `kept` (the outbox is where it ends). With SMTP it is `pending` until a server claims it (`sending`,
 * under a lease), then `sent`, or `pending` again with a later `next_attempt_at` after a failure, or
 * `failed` once it gave up (platform/mailer/outbox.ts).
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    transport: text('transport', { enum: ['outbox', 'smtp'] }).notNull(),
    state: text('state', { enum: ['kept', 'pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    /** Who is told when the message is sent or given up (a digest marks its uploads told); null: nobody. */
    topic: text('topic'),
    /** Delivery attempts made, the one in flight included. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The claim of the server sending it; a lapsed lease makes the message due again. */
    leaseToken: uuid('lease_token'),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last failure (kept after a later success is cleared), for the operator. */
    error: text('error'),
  },
  (table) => [
    // Only the messages still to deliver: the delivery sweep's claim reads this.
    index('outbox_emails_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.state} in ('pending', 'sending')`),
  ],
);

export type OutboxEmailRow = typeof outboxEmails.$inferSelect;
