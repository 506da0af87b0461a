import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '@/lib/api-client';
import { fetchTicket, ticketKeys, type TicketRef } from './tickets-api';

/** Spec 001 §4 and §9: the open ticket is refreshed every 5 seconds. */
export const TICKET_REFETCH_MS = 5000;

/**
 * The ticket and its conversation, polled. `onGone` runs when the ticket cannot be opened any
 * more (deleted, or it belongs to someone else now signed in), so the chat can start afresh.
 */
export function useTicket(ref: TicketRef | null, { isLoggedIn, onGone }: { isLoggedIn: boolean; onGone?: () => void }) {
  const query = useQuery({
    queryKey: ticketKeys.ticket(ref?.id ?? 'none'),
    queryFn: ({ signal }) => fetchTicket(ref!, signal),
    enabled: ref !== null,
    refetchInterval: TICKET_REFETCH_MS,
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
  });
  const status = query.error instanceof ApiError ? query.error.status : undefined;
  // A user's ticket asked for with nobody signed in (401) is also out of reach for this visitor.
  const isGone = status === 404 || status === 403 || (status === 401 && !ref?.secret && !isLoggedIn);
  useEffect(() => {
    if (isGone) onGone?.();
  }, [isGone, onGone]);
  return query;
}
