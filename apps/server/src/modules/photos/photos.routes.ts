import multipart from '@fastify/multipart';
import {
  ErrorCode,
  GUEST_VIDEO_MAX_BYTES,
  ZAlbumIdParams,
  ZErrorResponse,
  ZPhotoListQuery,
  ZPhotoListResponse,
  ZPhotoParams,
  ZRenditionParams,
  ZRenditionQuery,
  ZUploadPhotoResponse,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error.js';
import { sendRanged } from '../../platform/http/ranged-reply.js';
import { grantOf, guestPassOf } from '../access/index.js';
import type { AlbumPhotosService } from './album-photos.service.js';
import type { PhotoUploadService } from './photo-upload.service.js';
import { photoReactionsRoutes } from './photo-reactions.routes.js';
import { readUpload } from './upload-reading.js';

const tags = ['guests'];
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  413: ZErrorResponse,
  415: ZErrorResponse,
  429: ZErrorResponse,
};

export const photosRoutes: FastifyPluginAsyncZod<{
  upload: PhotoUploadService;
  photos: AlbumPhotosService;
  stagingDir: string;
}> = async (app, { upload, photos, stagingDir }) => {
  // Videos may be 200 MB; a photo's 25 MB limit is applied once its type is known.
  await app.register(multipart, { limits: { fileSize: GUEST_VIDEO_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
  const serializedPages = new WeakMap<object, string>();
  await app.register(photoReactionsRoutes, { photos });

  app.post(
    '/albums/:albumId/photos',
    {
      config: { access: 'album-guest' },
      schema: {
        tags,
        summary:
          'Upload a photo or video (multipart "photo" + "uploaderName" + optional "sectionId", X-Guest-Token); JPEG, PNG, WebP, GIF or HEIC up to 25 MB, MP4, MOV or WebM up to 200 MB',
        consumes: ['multipart/form-data'],
        params: ZAlbumIdParams,
        response: { 200: ZUploadPhotoResponse, 201: ZUploadPhotoResponse, ...errors },
      },
    },
    async (request, reply) => {
      // The pass was checked before a byte of the body was read, so strangers' files are never received.
      const { album, guest } = guestPassOf(request);
      const result = await upload.ingest(album, guest, await readUpload(request, stagingDir));
      return reply
        .status(result.duplicate ? 200 : 201)
        .send({ success: true, data: { id: result.id, status: result.status === 'pending' ? 'pending' : 'approved' } });
    },
  );

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
