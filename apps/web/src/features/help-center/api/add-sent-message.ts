import type { Ticket, TicketMessage } from '@momentos/contract';
import type { QueryClient } from '@tanstack/react-query';
import { ticketKeys } from './tickets-api';

/**
 * Puts a message the server just accepted into the cached ticket at once. Waiting for the
 * refetch instead kept the mutation pending while the refetched thread already held the
 * message, so the sent text showed twice (pending and confirmed) for a round trip.
 */
export function addSentMessage(queryClient: QueryClient, ticketId: string, message: TicketMessage) {
  queryClient.setQueryData<Ticket>(ticketKeys.ticket(ticketId), (ticket) =>
    ticket && !ticket.conversations.some((existing) => existing.id === message.id)
      ? { ...ticket, conversations: [...ticket.conversations, message] }
      : ticket,
  );
}
