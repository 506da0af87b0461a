import {
  ErrorCode,
  errorResponses,
  GUEST_VIDEO_MAX_BYTES,
  ZAlbumIdParams,
  ZUploadPhotoResponse,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guestPassOf } from '../access/index.js';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import { header } from '../../platform/http/request-header.js';
import type { ResumableUploadService } from './resumable-upload.service.js';

const TUS_VERSION = '1.0.0';
const ZUploadParams = z.object({ albumId: z.uuid(), uploadId: z.uuid() });
const tags = ['guests'];
const errors = errorResponses(400, 401, 403, 404, 429);

/** Decodes tus `Upload-Metadata`: comma-separated `key base64value` pairs (any key, even `__proto__`, is plain data). */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const result: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) result[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return result;
}

const nonNegative = (value: string | undefined, name: string) => {
  if (value === undefined || !/^\d+$/.test(value)) throw AppError.badRequest(`${name} must be a whole number of bytes`);
  return Number(value);
};

/**
 * tus 1.0 (core, creation, termination, expiration) under /api/albums/{albumId}/uploads, for
 * large files that must survive a dropped connection. The X-Guest-Token header goes on every
 * request. When the last byte arrives the PATCH answers 204 with `Momentos-Photo-Id` and
 * `Momentos-Photo-Status`; `GET …/uploads/{uploadId}` answers `{ success, data: { id, status } }`.
 */
export const resumableUploadRoutes: FastifyPluginAsyncZod<{ service: ResumableUploadService }> = async (
  app,
  { service },
) => {
  // The body of a PATCH is streamed to a staging file by the handler, never parsed or buffered.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('tus-resumable', TUS_VERSION).header('cache-control', 'no-store');
  });
  app.addHook('preHandler', async (request) => {
    if (request.method === 'OPTIONS' || request.method === 'GET') return;
    if (header(request, 'tus-resumable') !== TUS_VERSION) {
      throw new AppError(ErrorCode.VALIDATION_ERROR, 412, `Send Tus-Resumable: ${TUS_VERSION}`);
    }
  });
  const base = '/albums/:albumId/uploads';

  app.options(
    base,
    { config: { access: 'public' }, schema: { tags, summary: 'tus capabilities', params: ZAlbumIdParams } },
    async (_request, reply) =>
      reply
        .status(204)
        .header('tus-version', TUS_VERSION)
        .header('tus-extension', 'creation,termination,expiration')
        .header('tus-max-size', String(GUEST_VIDEO_MAX_BYTES))
        .send(),
  );

  app.post(
    base,
    {
      config: { access: 'album-guest' },
      schema: {
        tags,
        summary:
          'Start a resumable upload (tus creation: Upload-Length, Upload-Metadata filename/uploaderName/filetype/sectionId, X-Guest-Token)',
        params: ZAlbumIdParams,
      },
    },
    async (request, reply) => {
      const length = nonNegative(header(request, 'upload-length'), 'Upload-Length');
      const row = await service.create(
        guestPassOf(request),
        length,
        parseUploadMetadata(header(request, 'upload-metadata')),
      );
      return reply
        .status(201)
        .header('location', `/api/albums/${request.params.albumId}/uploads/${row.id}`)
        .header('upload-expires', row.expiresAt.toUTCString())
        .header('upload-offset', '0')
        .send();
    },
  );

  app.head(
    `${base}/:uploadId`,
    {
      config: { access: 'album-guest' },
      schema: { tags, summary: 'The offset of a resumable upload', params: ZUploadParams },
    },
    async (request, reply) => {
      const { row, offset } = await service.status(guestPassOf(request), request.params.uploadId);
      return reply
        .status(200)
        .header('upload-offset', String(offset))
        .header('upload-length', String(row.uploadLength))
        .header('upload-expires', row.expiresAt.toUTCString())
        .send();
    },
  );

  app.patch(
    `${base}/:uploadId`,
    {
      config: { access: 'album-guest' },
      schema: {
        tags,
        summary: 'Append bytes at Upload-Offset (Content-Type application/offset+octet-stream)',
        params: ZUploadParams,
      },
    },
    async (request, reply) => {
      if (request.headers['content-type'] !== 'application/offset+octet-stream') {
        throw new AppError(ErrorCode.VALIDATION_ERROR, 415, 'Send the bytes as application/offset+octet-stream');
      }
      const offset = nonNegative(header(request, 'upload-offset'), 'Upload-Offset');
      const result = await service.append(guestPassOf(request), request.params.uploadId, offset, request.raw);
      if ('dropped' in result) return reply.status(400).header('upload-offset', String(result.offset)).send();
      void reply.status(204).header('upload-offset', String(result.offset));
      if ('photo' in result && result.photo)
        void reply.header('momentos-photo-id', result.photo.id).header('momentos-photo-status', result.photo.status);
      return reply.send();
    },
  );

  app.get(
    `${base}/:uploadId`,
    {
      config: { access: 'album-guest' },
      schema: {
        tags,
        summary: 'The photo a finished resumable upload became',
        params: ZUploadParams,
        response: { 200: ZUploadPhotoResponse, ...errors, 409: errors[400] },
      },
    },
    async (request) => {
      const photo = await service.result(guestPassOf(request), request.params.uploadId);
      return { success: true as const, data: photo };
    },
  );

  app.delete(
    `${base}/:uploadId`,
    {
      config: { access: 'album-guest' },
      schema: { tags, summary: 'Cancel a resumable upload (tus termination)', params: ZUploadParams },
    },
    async (request, reply) => {
      await service.terminate(guestPassOf(request), request.params.uploadId);
      return reply.status(204).send();
    },
  );
};
