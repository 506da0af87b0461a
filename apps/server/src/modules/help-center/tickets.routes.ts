import {
  errorResponses,
  TICKET_SECRET_HEADER,
  ZAddTicketMessageRequest,
  ZAddTicketMessageResponse,
  ZCreateTicketRequest,
  ZCreateTicketResponse,
  ZOkResponse,
  ZTicketIdParams,
  ZTicketListQuery,
  ZTicketListResponse,
  ZTicketResponse,
  ZUpdateTicketStatusRequest,
} from '@momentos/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { grantOf } from '../access/index.js';
import type { TicketViewer } from '../access/index.js';
import type { TicketService } from './tickets.service.js';

const errors = errorResponses(400, 401, 403, 404, 429);
const tags = ['help center'];
// Node sends no body with a 304 whatever the handler passes.
const ZNotModified = z.null().describe('Not modified: the ETag in If-None-Match is current');

function openedTicket(request: FastifyRequest) {
  const { ticket } = grantOf(request);
  if (!ticket) throw new Error('a ticket route ran without its ticket');
  return ticket;
}

function viewerOf(request: FastifyRequest): TicketViewer {
  const secret = request.headers[TICKET_SECRET_HEADER];
  return { auth: request.auth, secret: typeof secret === 'string' ? secret : undefined };
}

export const ticketRoutes: FastifyPluginAsyncZod<{ ticketService: TicketService }> = async (app, { ticketService }) => {
  app.post(
    '',
    {
      config: { access: 'anyone' },
      schema: {
        tags,
        summary: 'Open a help-center ticket; its description is the first message',
        body: ZCreateTicketRequest,
        response: { 201: ZCreateTicketResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await ticketService.createTicket(request.body, viewerOf(request), request.ip);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.get(
    '/:ticketId',
    {
      config: { access: 'ticket' },
      schema: {
        tags,
        summary: 'A ticket with its conversation (send If-None-Match to poll cheaply)',
        params: ZTicketIdParams,
        response: { 200: ZTicketResponse, 304: ZNotModified, ...errors },
      },
    },
    async (request, reply) => {
      const result = await ticketService.readTicket(openedTicket(request), request.headers['if-none-match']);
      // The answer depends on who asks, so only the asker's own cache may keep it, and must revalidate.
      reply
        .header('etag', result.etag)
        .header('cache-control', 'private, no-cache')
        .header('vary', `Authorization, ${TICKET_SECRET_HEADER}`);
      if (result.notModified) return reply.status(304).send(null);
      return { success: true as const, data: result.ticket };
    },
  );

  app.post(
    '/:ticketId/conversations',
    {
      config: { access: 'ticket' },
      schema: {
        tags,
        summary: 'Add a message, by the ticket’s customer or an agent',
        params: ZTicketIdParams,
        body: ZAddTicketMessageRequest,
        response: { 201: ZAddTicketMessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await ticketService.addMessage(
        openedTicket(request),
        request.body.message,
        viewerOf(request),
        request.ip,
      );
      return reply.status(201).send({ success: true, data });
    },
  );

  app.get(
    '',
    {
      config: { access: 'agent' },
      schema: {
        tags,
        summary: 'Agents: tickets, open first, newest activity first',
        querystring: ZTicketListQuery,
        response: { 200: ZTicketListResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: { tickets: await ticketService.listTickets(request.query.status) },
    }),
  );

  app.patch(
    '/:ticketId',
    {
      config: { access: 'agent' },
      schema: {
        tags,
        summary: 'Agents: close or reopen a ticket',
        params: ZTicketIdParams,
        body: ZUpdateTicketStatusRequest,
        response: { 200: ZOkResponse, ...errors },
      },
    },
    async (request) => {
      await ticketService.setStatus(request.params.ticketId, request.body.status);
      return { success: true as const };
    },
  );
};
