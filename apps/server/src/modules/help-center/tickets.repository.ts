import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { ticketMessages, tickets, users, type TicketMessageRow, type TicketRow } from '../../db/schema/index.js';

type NewTicket = Pick<TicketRow, 'subject' | 'description' | 'metadata' | 'userId' | 'secretHash'>;
type NewMessage = Pick<TicketMessageRow, 'userId' | 'authorRole' | 'message' | 'notifyDueAt'>;

export interface TicketListRow {
  ticket: TicketRow;
  customerEmail: string | null;
  messageCount: number;
  lastAuthorRole: 'customer' | 'agent' | null;
}

/** Every query of the help center. */
export function createTicketRepository(db: Database) {
  return {
    /** Creates the ticket and its first message (the description) together. */
    async insertTicket(values: NewTicket): Promise<TicketRow> {
      return db.transaction(async (tx) => {
        const [ticket] = await tx.insert(tickets).values(values).returning();
        await tx.insert(ticketMessages).values({
          ticketId: ticket!.id,
          userId: values.userId,
          authorRole: 'customer',
          message: values.description,
        });
        return ticket!;
      });
    },

    async findTicket(id: string): Promise<TicketRow | undefined> {
      const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
      return row;
    },

    async findUserEmail(userId: string): Promise<string | null> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email ?? null;
    },

    async listMessages(ticketId: string): Promise<TicketMessageRow[]> {
      return db
        .select()
        .from(ticketMessages)
        .where(eq(ticketMessages.ticketId, ticketId))
        .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
    },

    /** Adds a message, bumps the ticket's version and activity, and reopens it when asked to. */
    async insertMessage(ticketId: string, values: NewMessage, reopen: boolean): Promise<TicketMessageRow> {
      return db.transaction(async (tx) => {
        const [message] = await tx
          .insert(ticketMessages)
          .values({ ...values, ticketId })
          .returning();
        await tx
          .update(tickets)
          .set({
            version: sql`${tickets.version} + 1`,
            lastActivityAt: message!.createdAt,
            ...(reopen ? { status: 'open' as const, closedAt: null } : {}),
          })
          .where(eq(tickets.id, ticketId));
        return message!;
      });
    },

    async updateStatus(ticketId: string, status: TicketRow['status']): Promise<void> {
      await db
        .update(tickets)
        .set({ status, closedAt: status === 'closed' ? new Date() : null, version: sql`${tickets.version} + 1` })
        .where(eq(tickets.id, ticketId));
    },

    /** The customer has now received these agent replies, so no e-mail is owed for them. */
    async markAgentRepliesSeen(ticketId: string): Promise<void> {
      await db
        .update(ticketMessages)
        .set({ seenAt: new Date() })
        .where(
          and(
            eq(ticketMessages.ticketId, ticketId),
            eq(ticketMessages.authorRole, 'agent'),
            isNull(ticketMessages.seenAt),
          ),
        );
    },

    /** Open tickets first, then the most recent activity; at most `limit`. */
    async listTickets(status: TicketRow['status'] | undefined, limit: number): Promise<TicketListRow[]> {
      const messageCount = sql<number>`(select count(*)::int from ${ticketMessages} m where m.ticket_id = ${tickets.id})`;
      const lastAuthorRole = sql<'customer' | 'agent' | null>`(
        select m.author_role from ${ticketMessages} m where m.ticket_id = ${tickets.id}
        order by m.created_at desc limit 1)`;
      const rows = await db
        .select({ ticket: tickets, customerEmail: users.email, messageCount, lastAuthorRole })
        .from(tickets)
        .leftJoin(users, eq(users.id, tickets.userId))
        .where(status ? eq(tickets.status, status) : undefined)
        .orderBy(sql`case when ${tickets.status} = 'open' then 0 else 1 end`, sql`${tickets.lastActivityAt} desc`)
        .limit(limit);
      return rows.map((row) => ({ ...row, messageCount: Number(row.messageCount) }));
    },

    /**
     * Claims the agent replies whose e-mail is due. The UPDATE marks them notified in the same
     * statement that selects them (rows another server is claiming are skipped), so each reply
     * is e-mailed by exactly one server.
     */
    async claimDueReplyNotifications(now: Date, limit = 100) {
      const due = db
        .select({ id: ticketMessages.id })
        .from(ticketMessages)
        .where(
          and(isNull(ticketMessages.notifiedAt), isNull(ticketMessages.seenAt), lte(ticketMessages.notifyDueAt, now)),
        )
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(ticketMessages)
        .set({ notifiedAt: now })
        .where(and(inArray(ticketMessages.id, due), isNull(ticketMessages.notifiedAt), isNull(ticketMessages.seenAt)))
        .returning({ ticketId: ticketMessages.ticketId, message: ticketMessages.message });
      if (claimed.length === 0) return [];
      const recipients = await db
        .select({ ticketId: tickets.id, subject: tickets.subject, email: users.email, language: users.language })
        .from(tickets)
        .innerJoin(users, eq(users.id, tickets.userId))
        .where(inArray(tickets.id, [...new Set(claimed.map((row) => row.ticketId))]));
      return recipients.map((recipient) => ({
        ...recipient,
        replies: claimed.filter((row) => row.ticketId === recipient.ticketId).map((row) => row.message),
      }));
    },
  };
}

export type TicketRepository = ReturnType<typeof createTicketRepository>;
