import { ticketSubjectFrom } from '@momentos/contract/constants';
import type { TicketMessage } from '@momentos/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addSentMessage } from './add-sent-message';
import { createTicket, fetchTicket, postTicketMessage, ticketKeys, type TicketRef } from './tickets-api';

function currentContext() {
  return {
    source: 'help-center',
    browser: navigator.userAgent.slice(0, 500),
    // The page the visitor came from tells the agent more than the help center's own address.
    page_url: (document.referrer || window.location.href).slice(0, 2000),
  };
}

/**
 * Spec 001 §4: with no ticket the first message creates one (subject: the first 60 characters);
 * later messages are added to it. The text arrives already trimmed and non-empty.
 */
export function useSendHelpMessage(ticket: TicketRef | null, remember: (ref: TicketRef) => void) {
  const queryClient = useQueryClient();
  return useMutation<TicketRef | TicketMessage, Error, string>({
    mutationFn: async (text) => {
      if (ticket) return postTicketMessage(ticket, text);
      return createTicket({
        subject: ticketSubjectFrom(text),
        description: text,
        category: 'general',
        metadata: currentContext(),
      });
    },
    onSuccess: async (result) => {
      if (ticket) {
        addSentMessage(queryClient, ticket.id, result as TicketMessage);
        // Not awaited: the message is already shown; the refetch brings a reopened status.
        void queryClient.invalidateQueries({ queryKey: ticketKeys.ticket(ticket.id) });
        return;
      }
      // Load the new ticket before switching to it, so the chat goes from the sent bubble straight to the thread.
      const created = result as TicketRef;
      await queryClient.prefetchQuery({
        queryKey: ticketKeys.ticket(created.id),
        queryFn: ({ signal }) => fetchTicket(created, signal),
      });
      remember(created);
    },
  });
}
