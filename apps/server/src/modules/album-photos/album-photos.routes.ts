import {
  ErrorCode,
  errorResponses,
  ZAlbumIdParams,
  ZPhotoListQuery,
  ZPhotoListResponse,
  ZPhotoParams,
  ZRenditionParams,
  ZRenditionQuery,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error.js';
import { sendRanged } from '../../platform/http/ranged-reply.js';
import { grantOf } from '../access/index.js';
import type { AlbumPhotosService } from './album-photos.service.js';
import { photoReactionsRoutes } from './photo-reactions.routes.js';

const tags = ['guests'];
const errors = errorResponses(400, 401, 403, 404, 413, 415, 429);

/** The album's photos as guests read them: the grid, renditions, videos, likes and comments. */
export const albumPhotosRoutes: FastifyPluginAsyncZod<{ photos: AlbumPhotosService }> = async (app, { photos }) => {
  const serializedPages = new WeakMap<object, string>();
  await app.register(photoReactionsRoutes, { photos });

  app.get(
    '/albums/:albumId/photos',
    {
      config: { access: 'album-reader' },
      schema: {
        tags,
        summary: 'Visible photos, newest first (X-Guest-Token or X-Album-Code)',
        params: ZAlbumIdParams,
        querystring: ZPhotoListQuery,
        response: { 200: ZPhotoListResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await photos.list(
        request.params.albumId,
        grantOf(request),
        request.query.page,
        request.query.pageSize,
        request.query.section,
      );
      // A page read from the cache is the same object until the album changes: checked and
      // serialized once, then sent as is (Fastify sends a JSON-typed string unchanged).
      let json = serializedPages.get(data);
      if (json === undefined) {
        json = JSON.stringify(ZPhotoListResponse.parse({ success: true, data }));
        serializedPages.set(data, json);
      }
      return reply
        .header('cache-control', 'private, no-store')
        .type('application/json; charset=utf-8')
        .send(json as never);
    },
  );

  app.get(
    '/albums/:albumId/photos/:photoId/:variant',
    {
      config: { access: 'album-reader-or-link' },
      schema: {
        tags,
        summary:
          'A rendition (thumb or display): signed URL from the list, or the guest headers; `format=jpeg` on display gives a JPEG to download',
        params: ZRenditionParams,
        querystring: ZRenditionQuery,
      },
    },
    async (request, reply) => {
      if (request.query.format === 'jpeg') {
        if (request.params.variant !== 'display')
          throw new AppError(ErrorCode.VALIDATION_ERROR, 400, 'Only the display copy comes as a JPEG');
        const jpeg = await photos.displayAsJpeg(request.params, grantOf(request));
        return reply
          .type('image/jpeg')
          .header('content-disposition', 'attachment')
          .header('cache-control', 'private, max-age=3600')
          .send(jpeg);
      }
      const blob = await photos.rendition(request.params, grantOf(request));
      return reply
        .type(blob.contentType)
        .header('content-length', blob.size)
        .header('cache-control', 'private, max-age=3600')
        .send(blob.stream);
    },
  );

  for (const file of ['video', 'playback'] as const) {
    app.get(
      `/albums/:albumId/photos/:photoId/${file}`,
      {
        config: { access: 'album-reader-or-link' },
        schema: {
          tags,
          summary:
            file === 'video'
              ? 'A video as it was uploaded (signed URL from the list, or the guest headers); honours Range for seeking'
              : "A video's playback copy, H.264 and AAC in MP4, once it is ready (404 before); honours Range",
          params: ZPhotoParams,
          querystring: ZRenditionQuery,
        },
      },
      async (request, reply) => sendRanged(request, reply, await photos.video(request.params, grantOf(request), file)),
    );
  }
};
