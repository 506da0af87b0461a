import {
  errorResponses,
  ZEventIdParams,
  ZEventMessageParams,
  ZEventMessagesQuery,
  ZEventMessagesResponse,
  ZMessageModerationRequest,
  ZMessageModerationResponse,
  ZOkResponse,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { albumOf } from '../access/index.js';
import type { HostGuestbookService } from './host-guestbook.service.js';

const errors = errorResponses(400, 401, 404);
const tags = ['events'];
const security = [{ bearer: [] }];
const owner = { access: 'album-owner' } as const;

/** The host's side of the guestbook under /api/events: every message, moderation, deletion. */
export const hostGuestbookRoutes: FastifyPluginAsyncZod<{ service: HostGuestbookService }> = async (
  app,
  { service },
) => {
  app.get(
    '/:id/messages',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: "The album's guestbook in every state, newest first, with the counts per state and the plan's limit",
        params: ZEventIdParams,
        querystring: ZEventMessagesQuery,
        response: { 200: ZEventMessagesResponse, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const { page, pageSize, state } = request.query;
      return { success: true as const, data: await service.list(albumOf(request), page, pageSize, state) };
    },
  );

  app.patch(
    '/:id/messages/:messageId',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary:
          'Hide a message ({ hidden: true }), show a hidden one again ({ hidden: false }) or approve one ({ approve: true })',
        params: ZEventMessageParams,
        body: ZMessageModerationRequest,
        response: { 200: ZMessageModerationResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.moderate(request.params.id, request.params.messageId, request.body),
    }),
  );

  app.delete(
    '/:id/messages/:messageId',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'Delete a message with its voice note',
        params: ZEventMessageParams,
        response: { 200: ZOkResponse, ...errors },
      },
    },
    async (request) => {
      await service.remove(request.params.id, request.params.messageId);
      return { success: true as const };
    },
  );
};
