import { ticketSubjectFrom, type CreateTicketRequest, type TicketStatus } from '@momentos/contract';
import type { Config } from '../../config.js';
import { generateToken, hashToken } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/http/app-error.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import { ticketNotFound, type TicketAccess, type TicketViewer } from '../access/index.js';
import type { TicketRow } from '../../db/schema/index.js';

/** A ticket the access policy opened for its customer or an agent (`ticket`). */
type OpenedTicket = { row: TicketRow; as: TicketAccess };
import { toTicket, toTicketMessage, toTicketSummary } from './tickets.mappers.js';
import type { TicketRepository } from './tickets.repository.js';

const AGENT_LIST_LIMIT = 200;

interface TicketServiceDeps {
  repo: TicketRepository;
  rateLimiter: RateLimiter;
  config: Config;
}

export function createTicketService({ repo, rateLimiter, config }: TicketServiceDeps) {
  /** Posting is limited per account, or per client address for visitors, across all servers. */
  async function enforcePostLimit(viewer: TicketViewer, clientIp: string) {
    const key = viewer.auth ? `help:user:${viewer.auth.userId}` : `help:ip:${clientIp}`;
    const result = await rateLimiter.hit(key, config.HELP_RATE_LIMIT_PER_WINDOW, config.HELP_RATE_LIMIT_WINDOW_SECONDS);
    if (!result.allowed) throw AppError.tooManyRequests(result.retryAfterSeconds);
  }

  return {
    /** A visitor without a session gets a secret, the only key to the ticket afterwards. */
    async createTicket(input: CreateTicketRequest & { description: string }, viewer: TicketViewer, clientIp: string) {
      await enforcePostLimit(viewer, clientIp);
      const secret = viewer.auth ? undefined : generateToken();
      const ticket = await repo.insertTicket({
        subject: input.subject ?? ticketSubjectFrom(input.description),
        description: input.description,
        metadata: { ...input.metadata, created_by: viewer.auth?.userId ?? 'visitor' },
        userId: viewer.auth?.userId ?? null,
        secretHash: secret ? hashToken(secret) : null,
      });
      return { id: ticket.id, ...(secret ? { secret } : {}) };
    },

    /**
     * The ticket with its conversation, or `notModified` when the caller's ETag is current: the
     * 5-second poll then costs one primary-key lookup and no message query.
     */
    async readTicket({ row: ticket, as: access }: OpenedTicket, ifNoneMatch: string | undefined) {
      const etag = `"${ticket.id}.${ticket.version}.${access}"`;
      if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
        return { etag, notModified: true as const };
      const messages = await repo.listMessages(ticket.id);
      if (access === 'customer' && messages.some((m) => m.authorRole === 'agent' && !m.seenAt)) {
        await repo.markAgentRepliesSeen(ticket.id);
      }
      const customerEmail = access === 'agent' && ticket.userId ? await repo.findUserEmail(ticket.userId) : null;
      return { etag, notModified: false as const, ticket: toTicket(ticket, messages, customerEmail) };
    },

    /** A customer's message reopens a closed ticket; an agent's reply may be e-mailed later. */
    async addMessage({ row: ticket, as: access }: OpenedTicket, text: string, viewer: TicketViewer, clientIp: string) {
      await enforcePostLimit(viewer, clientIp);
      const emailsCustomer = access === 'agent' && ticket.userId !== null;
      const message = await repo.insertMessage(
        ticket.id,
        {
          userId: viewer.auth?.userId ?? null,
          authorRole: access,
          message: text,
          notifyDueAt: emailsCustomer ? new Date(Date.now() + config.HELP_REPLY_EMAIL_DELAY_SECONDS * 1000) : null,
        },
        access === 'customer' && ticket.status === 'closed',
      );
      return toTicketMessage(message);
    },

    async listTickets(status: TicketStatus | undefined) {
      const rows = await repo.listTickets(status, AGENT_LIST_LIMIT);
      return rows.map(toTicketSummary);
    },

    async setStatus(ticketId: string, status: TicketStatus) {
      const ticket = await repo.findTicket(ticketId);
      if (!ticket) throw ticketNotFound();
      if (ticket.status !== status) await repo.updateStatus(ticket.id, status);
    },
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
