import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export interface TicketMetadataColumn {
  source?: string;
  browser?: string;
  page_url?: string;
  /** The creator's user id, or 'visitor' for a ticket opened without an account. */
  created_by: string;
}

/** A help-center conversation between one customer (a user or an anonymous visitor) and the agents. */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    category: text('category', { enum: ['general'] })
      .notNull()
      .default('general'),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    metadata: jsonb('metadata').$type<TicketMetadataColumn>().notNull(),
    /** Null for a visitor's ticket, which only the secret opens. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** SHA-256 of the visitor's ticket secret; the secret itself is only in the visitor's browser. */
    secretHash: text('secret_hash'),
    /** Bumped on every visible change; the ETag of GET /api/tickets/{id} is built from it. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    index('tickets_status_activity_idx').on(table.status, table.lastActivityAt),
    index('tickets_user_idx').on(table.userId),
  ],
);

/** One message of a ticket's conversation. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** The author's account; null for an anonymous visitor. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorRole: text('author_role', { enum: ['customer', 'agent'] }).notNull(),
    message: text('message').notNull(),
    messageType: text('message_type', { enum: ['message'] })
      .notNull()
      .default('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the customer first received this agent reply in a full ticket read. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    /** When an unseen agent reply becomes due for an e-mail; null when no e-mail applies. */
    notifyDueAt: timestamp('notify_due_at', { withTimezone: true }),
    /** Set by the one sweep that claimed the e-mail, so no two servers send it. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    index('ticket_messages_ticket_idx').on(table.ticketId, table.createdAt),
    index('ticket_messages_notify_due_idx')
      .on(table.notifyDueAt)
      .where(sql`${table.notifiedAt} is null and ${table.seenAt} is null and ${table.notifyDueAt} is not null`),
  ],
);

export type TicketRow = typeof tickets.$inferSelect;
export type TicketMessageRow = typeof ticketMessages.$inferSelect;
