import multipart from '@fastify/multipart';
import {
  ErrorCode,
  GUEST_PHOTO_MAX_BYTES,
  GUEST_TOKEN_HEADER,
  ZAddCommentRequest,
  ZAlbumIdParams,
  ZCommentListResponse,
  ZCommentResponse,
  ZErrorResponse,
  ZLikeResponse,
  ZPhotoListQuery,
  ZPhotoListResponse,
  ZPhotoIdParams,
  ZPhotoParams,
  ZRenditionParams,
  ZRenditionQuery,
  ZUploadPhotoResponse,
} from '@momentos/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error.js';
import { drainRequest } from '../../platform/http/drain-request.js';
import type { AlbumPhotosService } from './album-photos.service.js';
import { credentialsOf, guestErrors, guestTags as tags, header } from './guests.routes.js';
import type { PhotoUploadService } from './photo-upload.service.js';

const errors = { ...guestErrors, 413: ZErrorResponse, 415: ZErrorResponse };
const tooLarge = () => new AppError(ErrorCode.FILE_TOO_LARGE, 413, 'The photo exceeds the 25MB limit');

/** Reads the multipart body: one file in `photo` and an optional `uploaderName`, in any order. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw AppError.badRequest('Send the photo as multipart/form-data in the field "photo"');
  let file: { bytes: Buffer; filename: string } | undefined;
  let uploaderName: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photo' || file) throw AppError.badRequest('Send exactly one file, in the field "photo"');
        file = { bytes: await part.toBuffer(), filename: part.filename };
      } else if (part.fieldname === 'uploaderName') {
        uploaderName = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      await drainRequest(request.raw);
      throw tooLarge();
    }
    if (code?.startsWith('FST_')) throw AppError.badRequest('Malformed upload: send one file in "photo" and the field "uploaderName"');
    throw error;
  }
  if (!file) throw AppError.badRequest('Error uploading file photo: no file in the field "photo"');
  return { ...file, uploaderName };
}

export const photosRoutes: FastifyPluginAsyncZod<{ upload: PhotoUploadService; photos: AlbumPhotosService }> = async (app, { upload, photos }) => {
  await app.register(multipart, { limits: { fileSize: GUEST_PHOTO_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
  const token = (request: FastifyRequest) => header(request, GUEST_TOKEN_HEADER);

  app.post(
    '/albums/:albumId/photos',
    { schema: { tags, summary: 'Upload a photo (multipart "photo" + "uploaderName", X-Guest-Token); JPEG, PNG, WebP or GIF up to 25 MB', consumes: ['multipart/form-data'], params: ZAlbumIdParams, response: { 200: ZUploadPhotoResponse, 201: ZUploadPhotoResponse, ...errors } } },
    async (request, reply) => {
      const result = await upload.upload(request.params.albumId, token(request), () => readUpload(request)).catch(async (error: unknown) => {
        // A refusal before the body was read (bad token, closed window): let the client finish
        // sending, so it reads our answer instead of a reset connection.
        await drainRequest(request.raw);
        throw error;
      });
      return reply.status(result.duplicate ? 200 : 201).send({ success: true, data: { id: result.id, status: result.status === 'pending' ? 'pending' : 'approved' } });
    },
  );

  app.get(
    '/albums/:albumId/photos',
    { schema: { tags, summary: 'Visible photos, newest first (X-Guest-Token or X-Album-Code)', params: ZAlbumIdParams, querystring: ZPhotoListQuery, response: { 200: ZPhotoListResponse, ...errors } } },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: await photos.list(request.params.albumId, credentialsOf(request), request.query.page, request.query.pageSize) };
    },
  );

  app.get(
    '/albums/:albumId/photos/:photoId/:variant',
    { schema: { tags, summary: 'A rendition (thumb or display): signed URL from the list, or the guest headers', params: ZRenditionParams, querystring: ZRenditionQuery } },
    async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const blob = await photos.rendition(path, request.params, request.query, credentialsOf(request));
      return reply.type(blob.contentType).header('content-length', blob.size).header('cache-control', 'private, max-age=3600').send(blob.stream);
    },
  );

  for (const [method, liked] of [['POST', true], ['DELETE', false]] as const) {
    app.route({
      method,
      url: '/albums/:albumId/photos/:photoId/likes',
      schema: { tags, summary: liked ? "Like a photo (idempotent)" : 'Take a like back (idempotent)', params: ZPhotoParams, response: { 200: ZLikeResponse, ...errors } },
      handler: async (request) => ({ success: true as const, data: await photos.setLike(request.params.albumId, request.params.photoId, token(request), liked) }),
    });
  }

  app.get(
    '/albums/:albumId/photos/:photoId/comments',
    { schema: { tags, summary: "A photo's comments, oldest first", params: ZPhotoParams, response: { 200: ZCommentListResponse, ...errors } } },
    async (request) => ({ success: true as const, data: await photos.listComments(request.params.albumId, request.params.photoId, credentialsOf(request)) }),
  );

  app.post(
    '/albums/:albumId/photos/:photoId/comments',
    { schema: { tags, summary: 'Comment on a photo as the guest (text, up to 500 characters)', params: ZPhotoParams, body: ZAddCommentRequest, response: { 201: ZCommentResponse, ...errors } } },
    async (request, reply) =>
      reply.status(201).send({ success: true, data: await photos.addComment(request.params.albumId, request.params.photoId, token(request), request.body.text) }),
  );

  // The photo-addressed paths: the album is found from the photo, then the same checks apply.
  app.post(
    '/photos/:photoId/like',
    { schema: { tags, summary: 'Toggle the guest’s like on a photo (X-Guest-Token)', params: ZPhotoIdParams, response: { 200: ZLikeResponse, ...errors } } },
    async (request) => ({ success: true as const, data: await photos.toggleLike(request.params.photoId, token(request)) }),
  );

  app.get(
    '/photos/:photoId/comments',
    { schema: { tags, summary: "A photo's comments, oldest first", params: ZPhotoIdParams, response: { 200: ZCommentListResponse, ...errors } } },
    async (request) => {
      const albumId = await photos.albumOfPhoto(request.params.photoId);
      return { success: true as const, data: await photos.listComments(albumId, request.params.photoId, credentialsOf(request)) };
    },
  );

  app.post(
    '/photos/:photoId/comments',
    { schema: { tags, summary: 'Comment on a photo as the guest (text, up to 500 characters)', params: ZPhotoIdParams, body: ZAddCommentRequest, response: { 201: ZCommentResponse, ...errors } } },
    async (request, reply) => {
      const albumId = await photos.albumOfPhoto(request.params.photoId);
      return reply.status(201).send({ success: true, data: await photos.addComment(albumId, request.params.photoId, token(request), request.body.text) });
    },
  );
};
