import { timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@momentos/contract';
import type { TicketRow } from '../../db/schema/index.js';
import { hashToken } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AccessGrant, TicketAccess } from './access-types.js';

/** Who is asking: the signed-in user (if any) and the X-Ticket-Secret header (if any). */
export interface TicketViewer {
  auth?: AccessGrant;
  secret?: string;
}

export const ticketNotFound = () => new AppError(ErrorCode.TICKET_NOT_FOUND, 404, 'Ticket not found');

function secretMatches(secret: string | undefined, secretHash: string | null): boolean {
  if (!secret || !secretHash) return false;
  const given = Buffer.from(hashToken(secret), 'hex');
  const stored = Buffer.from(secretHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * The access rule of the help center: the signed-in owner, the holder of a visitor ticket's
 * secret, or any agent. Everyone else gets the same 404 as for a ticket that does not exist, so
 * ticket ids cannot be probed; the exception is a user's ticket asked for without any session,
 * which answers 401 so that a client whose token expired refreshes it instead of forgetting the chat.
 */
export function resolveTicketAccess(ticket: TicketRow, viewer: TicketViewer): TicketAccess {
  const { auth } = viewer;
  if (ticket.userId && auth?.userId === ticket.userId) return 'customer';
  if (!ticket.userId && secretMatches(viewer.secret, ticket.secretHash)) return 'customer';
  if (auth?.role === 'agent') return 'agent';
  if (ticket.userId && !auth) throw AppError.unauthorized();
  throw ticketNotFound();
}
