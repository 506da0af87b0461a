import {
  attachmentHeader,
  ZEventCommentParams,
  ZEventIdParams,
  ZEventPhotoParams,
  ZEventPhotosQuery,
  ZEventPhotosResponse,
  ZModerationRequest,
  ZModerationResponse,
  ZOkResponse,
  ZPhotoBatchRequest,
  ZPhotoBatchResponse,
  ZPhotoIdsQuery,
  ZPhotoIdsResponse,
  ZPlaybackRetryResponse,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, security, tags, ZSignedQuery } from './host-route-schemas.js';
import type { HostPhotosService } from './host-photos.service.js';

/**
 * The host's side of an album's photos, under /api/events: list, originals, moderation of one or
 * many (issue 29's bulk moderation and "select all"), deletions.
 */
export const hostPhotosRoutes: FastifyPluginAsyncZod<{ service: HostPhotosService }> = async (app, { service }) => {
  const owner = { access: 'album-owner' } as const;
  app.get(
    '/photos/:id',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: "The album's photos in every state, newest first (page, pageSize; defaults 1 and 10)",
        params: ZEventIdParams,
        querystring: ZEventPhotosQuery,
        response: { 200: ZEventPhotosResponse, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const { page, pageSize, state, section } = request.query;
      return { success: true as const, data: await service.list(request.params.id, page, pageSize, state, section) };
    },
  );

  app.get(
    '/:id/photos/:photoId/original',
    {
      config: { access: 'album-owner-or-link' },
      schema: {
        tags,
        security,
        summary: "A photo's original file (bearer, or the signed originalUrl)",
        params: ZEventPhotoParams,
        querystring: ZSignedQuery,
      },
    },
    async (request, reply) => {
      const file = await service.original(request.params.id, request.params.photoId);
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', attachmentHeader(file.name))
        .send(file.stream);
    },
  );

  app.post(
    '/:id/photos/:photoId/moderation',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'Approve, hide or unhide a photo',
        params: ZEventPhotoParams,
        body: ZModerationRequest,
        response: { 200: ZModerationResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.moderate(request.params.id, request.params.photoId, request.body.action),
    }),
  );

  app.post(
    '/:id/photos/:photoId/playback',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: "Ask again for a failed video's playback copy (a processing or ready one is left as it is)",
        params: ZEventPhotoParams,
        response: { 200: ZPlaybackRetryResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.retryPlayback(request.params.id, request.params.photoId),
    }),
  );

  app.delete(
    '/:id/photos/:photoId',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'Delete a photo with its likes, comments and files',
        params: ZEventPhotoParams,
        response: { 200: ZOkResponse, ...errors },
      },
    },
    async (request) => {
      await service.deletePhoto(request.params.id, request.params.photoId);
      return { success: true as const };
    },
  );

  app.delete(
    '/:id/comments/:commentId',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'Delete a comment on one of the album’s photos',
        params: ZEventCommentParams,
        response: { 200: ZOkResponse, ...errors },
      },
    },
    async (request) => {
      await service.deleteComment(request.params.id, request.params.commentId);
      return { success: true as const };
    },
  );

  app.post(
    '/:id/photos/batch',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'Approve, hide or delete several photos at once',
        description:
          'One transaction per request. Ids that name no photo of this album (unknown, already deleted, or of another album) are answered in `notFound`, alike, and nothing else is touched.',
        params: ZEventIdParams,
        body: ZPhotoBatchRequest,
        response: { 200: ZPhotoBatchResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.batch(request.params.id, request.body.action, request.body.photoIds),
    }),
  );

  app.get(
    '/:id/photo-ids',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'The ids of every photo in a state and section, newest shot first ("select all")',
        params: ZEventIdParams,
        querystring: ZPhotoIdsQuery,
        response: { 200: ZPhotoIdsResponse, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        data: await service.photoIds(request.params.id, request.query.state, request.query.section),
      };
    },
  );
};
