import {
  attachmentHeader,
  ZDownloadLinkResponse,
  ZEventCommentParams,
  ZEventIdParams,
  ZEventPhotoParams,
  ZEventPhotosQuery,
  ZEventPhotosResponse,
  ZModerationRequest,
  ZModerationResponse,
  ZOkResponse,
  ZPlaybackRetryResponse,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendRanged } from '../../platform/http/ranged-reply.js';
import { linkEtagOf } from './album-zip.service.js';
import { photoSelectionRoutes } from './photo-selection.routes.js';
import { errors, security, tags, ZSignedQuery, ZZipQuery } from './host-route-schemas.js';
import type { HostPhotosService } from './host-photos.service.js';

/** The host's side of an album's photos, under /api/events: list, originals, moderation, deletions, the ZIP. */
export const hostPhotosRoutes: FastifyPluginAsyncZod<{ service: HostPhotosService }> = async (app, { service }) => {
  const owner = { access: 'album-owner' } as const;
  await app.register(photoSelectionRoutes, { service });
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

  app.get(
    '/:id/download-link',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'A short-lived signed URL to download.zip (works without headers, resumable)',
        params: ZEventIdParams,
        response: { 200: ZDownloadLinkResponse, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: await service.downloadLink(request.params.id) };
    },
  );

  app.get(
    '/:id/download.zip',
    {
      config: { access: 'album-owner-or-link' },
      schema: {
        tags,
        security,
        summary:
          'The whole album as {eventName}_fotos.zip, streamed, exact Content-Length, Range honoured (bearer or the signed link); HEAD answers the same headers',
        description:
          'A strong ETag names the archive. A Range with an If-Range other than it gets the whole archive (200); a Range without If-Range on a link made for another version (its `v`), or an If-Match other than it, gets 412.',
        params: ZEventIdParams,
        querystring: ZZipQuery,
      },
    },
    async (request, reply) => {
      const { file, fileName } = await service.albumZip(request.params.id);
      return sendRanged(request, reply, file, {
        cacheControl: 'private, no-cache',
        disposition: attachmentHeader(fileName),
        linkEtag: linkEtagOf(request.query.v),
      });
    },
  );
};
