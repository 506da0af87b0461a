import fsp from 'node:fs/promises';
import multipart from '@fastify/multipart';
import {
  GUEST_VIDEO_MAX_BYTES,
  ZAddCommentRequest,
  ZAlbumIdParams,
  ZCommentListQuery,
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
  ZUploadTexts,
} from '@momentos/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error.js';
import { parseByteRange } from '../../platform/http/byte-range.js';
import { drainRequest } from '../../platform/http/drain-request.js';
import {
  checkFileName,
  fileNameWithLineBreak,
  isMalformedMultipart,
  malformedMultipart,
  multipartBoundary,
  watchFileNameLineBreaks,
} from '../../platform/http/multipart-input.js';
import { header } from '../../platform/http/request-header.js';
import { parseInput } from '../../platform/http/validation.js';
import type { AlbumPhotosService } from './album-photos.service.js';
import { albumOf, grantOf, guestPassOf } from '../access/index.js';
import { receiveToStaging, type StagedFile } from '../../platform/media/staged-file.js';
import type { PhotoUploadService, UploadedFile } from './photo-upload.service.js';
import { maxBytesOf, tooLargeFor, unsupportedType, videoTooLarge } from './upload-policy.js';

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
const UPLOADER_NAME = ZUploadTexts.pick({ uploaderName: true });
const UPLOAD_PARTS = 'one file in "photo" and the field "uploaderName"';
const COMMENT_PAGE_SUMMARY =
  "A page of a photo's comments, newest first (pageSize up to 100, default 50); send nextCursor back as cursor for older ones";

/**
 * Reads the multipart body: one file in `photo` and an optional `uploaderName`, in any order.
 * The file streams to a temporary file while it is hashed; its type is judged from its first
 * bytes, so an unsupported file or a photo over 25 MB is refused without receiving the rest.
 */
async function readUpload(request: FastifyRequest, stagingDir: string): Promise<UploadedFile> {
  if (!request.isMultipart()) throw AppError.badRequest('Send the photo as multipart/form-data in the field "photo"');
  if (!multipartBoundary(request.headers['content-type'])) throw malformedMultipart(UPLOAD_PARTS);
  let file: { staged: StagedFile; filename: string } | undefined;
  let uploaderName: string | undefined;
  const hadFileNameLineBreak = watchFileNameLineBreaks(request.raw);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photo' || file)
          throw AppError.badRequest('Send exactly one file, in the field "photo"');
        checkFileName(part);
        const staged = await receiveToStaging(
          part.file,
          stagingDir,
          (type, headBytes) => {
            // An empty file is answered by the service ("The file is empty").
            if (!type && headBytes > 0) throw unsupportedType();
          },
          (size, type) => {
            if (type && size > maxBytesOf(type)) throw tooLargeFor(type);
          },
        );
        file = { staged, filename: part.filename };
        if (part.file.truncated) throw videoTooLarge();
      } else if (part.fieldname === 'uploaderName') {
        uploaderName = parseInput(UPLOADER_NAME, { uploaderName: String(part.value) }).uploaderName;
      }
    }
  } catch (error) {
    if (file) await fsp.rm(file.staged.path, { force: true });
    await drainRequest(request.raw);
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw videoTooLarge();
    if (hadFileNameLineBreak()) throw fileNameWithLineBreak();
    if (isMalformedMultipart(error)) throw malformedMultipart(UPLOAD_PARTS);
    throw error;
  }
  // busboy leaves out a file whose name has a line break: say so rather than "no file".
  if (hadFileNameLineBreak()) {
    if (file) await fsp.rm(file.staged.path, { force: true });
    throw fileNameWithLineBreak();
  }
  if (!file) throw AppError.badRequest('Error uploading file photo: no file in the field "photo"');
  return { ...file, uploaderName };
}

export const photosRoutes: FastifyPluginAsyncZod<{
  upload: PhotoUploadService;
  photos: AlbumPhotosService;
  stagingDir: string;
}> = async (app, { upload, photos, stagingDir }) => {
  // Videos may be 200 MB; a photo's 25 MB limit is applied once its type is known.
  await app.register(multipart, { limits: { fileSize: GUEST_VIDEO_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
  const serializedPages = new WeakMap<object, string>();

  app.post(
    '/albums/:albumId/photos',
    {
      config: { access: 'album-guest' },
      schema: {
        tags,
        summary:
          'Upload a photo or video (multipart "photo" + "uploaderName", X-Guest-Token); JPEG, PNG, WebP, GIF or HEIC up to 25 MB, MP4, MOV or WebM up to 200 MB',
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
        summary: 'A rendition (thumb or display): signed URL from the list, or the guest headers',
        params: ZRenditionParams,
        querystring: ZRenditionQuery,
      },
    },
    async (request, reply) => {
      const blob = await photos.rendition(request.params, grantOf(request));
      return reply
        .type(blob.contentType)
        .header('content-length', blob.size)
        .header('cache-control', 'private, max-age=3600')
        .send(blob.stream);
    },
  );

  app.get(
    '/albums/:albumId/photos/:photoId/video',
    {
      config: { access: 'album-reader-or-link' },
      schema: {
        tags,
        summary: 'A video file (signed URL from the list, or the guest headers); honours Range for seeking',
        params: ZPhotoParams,
        querystring: ZRenditionQuery,
      },
    },
    async (request, reply) => {
      const video = await photos.video(request.params, grantOf(request));
      const range = parseByteRange(header(request, 'range'), video.size);
      void reply
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, max-age=3600')
        .type(video.contentType);
      if (range.kind === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${video.size}`).send();
      }
      if (range.kind === 'whole') return reply.header('content-length', video.size).send((await video.open()).stream);
      const blob = await video.open({ start: range.start, end: range.end });
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${video.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(blob.stream);
    },
  );

  for (const [method, liked] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/albums/:albumId/photos/:photoId/likes',
      config: { access: 'album-guest' },
      schema: {
        tags,
        summary: liked ? 'Like a photo (idempotent)' : 'Take a like back (idempotent)',
        params: ZPhotoParams,
        response: { 200: ZLikeResponse, ...errors },
      },
      handler: async (request) => ({
        success: true as const,
        data: await photos.setLike(request.params.albumId, request.params.photoId, guestPassOf(request), liked),
      }),
    });
  }

  app.get(
    '/albums/:albumId/photos/:photoId/comments',
    {
      config: { access: 'album-reader' },
      schema: {
        tags,
        summary: COMMENT_PAGE_SUMMARY,
        params: ZPhotoParams,
        querystring: ZCommentListQuery,
        response: { 200: ZCommentListResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await photos.listComments(request.params.albumId, request.params.photoId, grantOf(request), request.query),
    }),
  );

  app.post(
    '/albums/:albumId/photos/:photoId/comments',
    {
      config: { access: 'album-guest' },
      schema: {
        tags,
        summary: 'Comment on a photo as the guest (text, up to 500 characters)',
        params: ZPhotoParams,
        body: ZAddCommentRequest,
        response: { 201: ZCommentResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true,
        data: await photos.addComment(
          request.params.albumId,
          request.params.photoId,
          guestPassOf(request),
          request.body.text,
        ),
      }),
  );

  // The photo-addressed paths: the album is found from the photo, then the same checks apply.
  app.post(
    '/photos/:photoId/like',
    {
      config: { access: 'album-guest' },
      schema: {
        tags,
        summary: 'Toggle the guest’s like on a photo (X-Guest-Token)',
        params: ZPhotoIdParams,
        response: { 200: ZLikeResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await photos.toggleLike(request.params.photoId, guestPassOf(request)),
    }),
  );

  app.get(
    '/photos/:photoId/comments',
    {
      config: { access: 'album-reader' },
      schema: {
        tags,
        summary: COMMENT_PAGE_SUMMARY,
        params: ZPhotoIdParams,
        querystring: ZCommentListQuery,
        response: { 200: ZCommentListResponse, ...errors },
      },
    },
    async (request) => {
      const data = await photos.listComments(
        albumOf(request).album.id,
        request.params.photoId,
        grantOf(request),
        request.query,
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/photos/:photoId/comments',
    {
      config: { access: 'album-guest' },
      schema: {
        tags,
        summary: 'Comment on a photo as the guest (text, up to 500 characters)',
        params: ZPhotoIdParams,
        body: ZAddCommentRequest,
        response: { 201: ZCommentResponse, ...errors },
      },
    },
    async (request, reply) => {
      const pass = guestPassOf(request);
      return reply.status(201).send({
        success: true,
        data: await photos.addComment(pass.album.album.id, request.params.photoId, pass, request.body.text),
      });
    },
  );
};
