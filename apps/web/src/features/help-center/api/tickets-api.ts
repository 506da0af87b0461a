import {
  TICKET_SECRET_HEADER,
  type AddTicketMessageResponse,
  type CreateTicketRequest,
  type CreateTicketResponse,
  type OkResponse,
  type Ticket,
  type TicketListResponse,
  type TicketResponse,
  type TicketStatus,
} from '@momentos/contract';
import { apiRequest } from '@/lib/api-client';

/** A ticket as the chat knows it: the id, and the secret when it was opened without an account. */
export interface TicketRef {
  id: string;
  secret?: string;
}

export const ticketKeys = {
  ticket: (id: string) => ['help-center', 'ticket', id] as const,
  list: (status: TicketStatus | 'all') => ['help-center', 'tickets', status] as const,
  lists: ['help-center', 'tickets'] as const,
};

const secretHeader = (ref: TicketRef): Record<string, string> =>
  ref.secret ? { [TICKET_SECRET_HEADER]: ref.secret } : {};

export async function createTicket(body: CreateTicketRequest): Promise<TicketRef> {
  const response = await apiRequest<CreateTicketResponse>('/api/tickets', { method: 'POST', body });
  return { id: response.data.id, ...(response.data.secret ? { secret: response.data.secret } : {}) };
}

/**
 * The browser's HTTP cache keeps the last answer and revalidates it with If-None-Match (the
 * server says `private, no-cache` and sends an ETag), so an unchanged ticket costs a 304.
 */
export async function fetchTicket(ref: TicketRef, signal?: AbortSignal): Promise<Ticket> {
  const response = await apiRequest<TicketResponse>(`/api/tickets/${ref.id}`, { headers: secretHeader(ref), signal });
  return response.data;
}

export async function postTicketMessage(ref: TicketRef, message: string) {
  const response = await apiRequest<AddTicketMessageResponse>(`/api/tickets/${ref.id}/conversations`, {
    method: 'POST',
    body: { message, message_type: 'message' },
    headers: secretHeader(ref),
  });
  return response.data;
}

export async function fetchAgentTickets(status: TicketStatus | 'all', signal?: AbortSignal) {
  const query = status === 'all' ? '' : `?status=${status}`;
  const response = await apiRequest<TicketListResponse>(`/api/tickets${query}`, { signal });
  return response.data.tickets;
}

export async function updateTicketStatus(id: string, status: TicketStatus) {
  await apiRequest<OkResponse>(`/api/tickets/${id}`, { method: 'PATCH', body: { status } });
}
