import type { TicketStatus } from '@momentos/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addSentMessage } from './add-sent-message';
import { fetchAgentTickets, postTicketMessage, ticketKeys, updateTicketStatus } from './tickets-api';

const LIST_REFETCH_MS = 10_000;

export type TicketFilter = TicketStatus | 'all';

/** The agents' ticket list, refreshed so that new requests appear by themselves. */
export function useAgentTickets(filter: TicketFilter) {
  return useQuery({
    queryKey: ticketKeys.list(filter),
    queryFn: ({ signal }) => fetchAgentTickets(filter, signal),
    refetchInterval: LIST_REFETCH_MS,
  });
}

export function useAgentReply(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => postTicketMessage({ id: ticketId }, text),
    onSuccess: (message) => {
      addSentMessage(queryClient, ticketId, message);
      // Not awaited: the reply is already shown; the refetch only brings status and activity.
      void queryClient.invalidateQueries({ queryKey: ticketKeys.ticket(ticketId) });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists });
    },
  });
}

export function useSetTicketStatus(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: TicketStatus) => updateTicketStatus(ticketId, status),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketKeys.ticket(ticketId) }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.lists }),
      ]),
  });
}
