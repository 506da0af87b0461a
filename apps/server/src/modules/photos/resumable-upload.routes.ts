import { ErrorCode, GUEST_TOKEN_HEADER, GUEST_VIDEO_MAX_BYTES, ZAlbumIdParams, ZUploadPhotoResponse } from '@momentos/contract';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import type { GuestAccess } from '../access/guest-access.js';
import { every, sweepMediaLeftoversEvery } from './media-sweeps.js';
import type { PhotoUploadService } from './photo-upload.service.js';
import type { PhotosRepository } from './photos.repository.js';
import { createResumableUploadsRepository } from './resumable-uploads.repository.js';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import { guestErrors, guestTags as tags, header } from '../guests/guests.routes.js';
import { createResumableUploadService, parseUploadMetadata, type ResumableUploadService } from './resumable-upload.service.js';

const TUS_VERSION = '1.0.0';
const ZUploadParams = z.object({ albumId: z.uuid(), uploadId: z.uuid() });
const errors = guestErrors;

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
export const resumableUploadRoutes: FastifyPluginAsyncZod<{ service: ResumableUploadService }> = async (app, { service }) => {
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
  const token = (request: { headers: Record<string, string | string[] | undefined> }) => {
    const value = request.headers[GUEST_TOKEN_HEADER];
    return typeof value === 'string' ? value : undefined;
  };
  const base = '/albums/:albumId/uploads';

  app.options(base, { schema: { tags, summary: 'tus capabilities', params: ZAlbumIdParams } }, async (_request, reply) =>
    reply
      .status(204)
      .header('tus-version', TUS_VERSION)
      .header('tus-extension', 'creation,termination,expiration')
      .header('tus-max-size', String(GUEST_VIDEO_MAX_BYTES))
      .send(),
  );

  app.post(
    base,
    { schema: { tags, summary: 'Start a resumable upload (tus creation: Upload-Length, Upload-Metadata filename/uploaderName/filetype, X-Guest-Token)', params: ZAlbumIdParams } },
    async (request, reply) => {
      const length = nonNegative(header(request, 'upload-length'), 'Upload-Length');
      const row = await service.create(request.params.albumId, token(request), length, parseUploadMetadata(header(request, 'upload-metadata')));
      return reply
        .status(201)
        .header('location', `/api/albums/${request.params.albumId}/uploads/${row.id}`)
        .header('upload-expires', row.expiresAt.toUTCString())
        .header('upload-offset', '0')
        .send();
    },
  );

  app.head(`${base}/:uploadId`, { schema: { tags, summary: 'The offset of a resumable upload', params: ZUploadParams } }, async (request, reply) => {
    const { row, offset } = await service.status(request.params.albumId, request.params.uploadId, token(request));
    return reply
      .status(200)
      .header('upload-offset', String(offset))
      .header('upload-length', String(row.uploadLength))
      .header('upload-expires', row.expiresAt.toUTCString())
      .send();
  });

  app.patch(`${base}/:uploadId`, { schema: { tags, summary: 'Append bytes at Upload-Offset (Content-Type application/offset+octet-stream)', params: ZUploadParams } }, async (request, reply) => {
    if (request.headers['content-type'] !== 'application/offset+octet-stream') {
      throw new AppError(ErrorCode.VALIDATION_ERROR, 415, 'Send the bytes as application/offset+octet-stream');
    }
    const offset = nonNegative(header(request, 'upload-offset'), 'Upload-Offset');
    const result = await service.append(request.params.albumId, request.params.uploadId, token(request), offset, request.raw);
    if ('dropped' in result) return reply.status(400).header('upload-offset', String(result.offset)).send();
    void reply.status(204).header('upload-offset', String(result.offset));
    if ('photo' in result && result.photo) void reply.header('momentos-photo-id', result.photo.id).header('momentos-photo-status', result.photo.status);
    return reply.send();
  });

  app.get(
    `${base}/:uploadId`,
    { schema: { tags, summary: 'The photo a finished resumable upload became', params: ZUploadParams, response: { 200: ZUploadPhotoResponse, ...errors, 409: errors[400] } } },
    async (request) => {
      const photo = await service.result(request.params.albumId, request.params.uploadId, token(request));
      return { success: true as const, data: photo };
    },
  );

  app.delete(`${base}/:uploadId`, { schema: { tags, summary: 'Cancel a resumable upload (tus termination)', params: ZUploadParams } }, async (request, reply) => {
    await service.terminate(request.params.albumId, request.params.uploadId, token(request));
    return reply.status(204).send();
  });
};

/** Wires resumable uploads: service, routes under /api, and the sweep of expired ones. */
export async function registerResumableUploads(
  app: FastifyInstance,
  deps: { config: Config; database: DatabaseHandle; access: GuestAccess; photos: PhotosRepository; upload: PhotoUploadService; blobStore: BlobStore },
) {
  const service = createResumableUploadService({
    access: deps.access,
    uploads: createResumableUploadsRepository(deps.database.db),
    upload: deps.upload,
    photos: deps.photos,
    blobStore: deps.blobStore,
    ttlMs: deps.config.RESUMABLE_UPLOAD_TTL_HOURS * 3_600_000,
  });
  app.decorate('resumableUploads', service);
  await app.register(resumableUploadRoutes, { prefix: '/api', service });
  every(app, 'resumable upload sweep', deps.config.MEDIA_SWEEP_MS, () => service.sweep());
  // At start, in the background: what a crash or an earlier server left behind; then the leftovers
  // sweep keeps going. Not under test: a test server pairs a fresh database with a data directory
  // that may hold others' files.
  if (deps.config.NODE_ENV === 'test') return service;
  void service
    .sweep()
    .then((uploads) => uploads > 0 && app.log.info({ uploads }, 'removed stale resumable uploads'))
    .catch((error: unknown) => app.log.warn({ err: error }, 'could not sweep stale resumable uploads'));
  const mediaDir = path.join(deps.config.dataDir, 'media');
  sweepMediaLeftoversEvery(app, { db: deps.database.db, blobStore: deps.blobStore, mediaDir }, deps.config.MEDIA_SWEEP_MS);
  return service;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Exposed for tests that drive the expiry sweep with a clock. */
    resumableUploads: ResumableUploadService;
  }
}
