import type { Ticket, TicketMessage, TicketSummary } from '@momentos/contract';
import type { TicketMessageRow, TicketRow } from '../../db/schema/index.js';
import type { TicketListRow } from './tickets.repository.js';

/** Database rows to the contract's snake_case shapes. */
export function toTicketMessage(row: TicketMessageRow): TicketMessage {
  return {
    id: row.id,
    user_id: row.userId,
    author_role: row.authorRole,
    message: row.message,
    message_type: row.messageType,
    created_at: row.createdAt.toISOString(),
  };
}

export function toTicket(row: TicketRow, messages: TicketMessageRow[], customerEmail: string | null): Ticket {
  return {
    id: row.id,
    subject: row.subject,
    description: row.description,
    category: row.category,
    status: row.status,
    metadata: row.metadata,
    user_id: row.userId,
    customer_email: customerEmail,
    created_at: row.createdAt.toISOString(),
    last_activity_at: row.lastActivityAt.toISOString(),
    conversations: messages.map(toTicketMessage),
  };
}

export function toTicketSummary({ ticket, customerEmail, messageCount, lastAuthorRole }: TicketListRow): TicketSummary {
  return {
    id: ticket.id,
    subject: ticket.subject,
    status: ticket.status,
    customer_email: customerEmail,
    created_at: ticket.createdAt.toISOString(),
    last_activity_at: ticket.lastActivityAt.toISOString(),
    awaiting_agent: lastAuthorRole === 'customer',
    message_count: messageCount,
  };
}
