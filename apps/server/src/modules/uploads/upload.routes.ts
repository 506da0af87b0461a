import multipart from '@fastify/multipart';
import { errorResponses, GUEST_VIDEO_MAX_BYTES, ZAlbumIdParams, ZUploadPhotoResponse } from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guestPassOf } from '../access/index.js';
import type { PhotoUploadService } from './photo-upload.service.js';
import { readUpload } from './upload-reading.js';

const tags = ['guests'];
const errors = errorResponses(400, 401, 403, 404, 413, 415, 429);

/** A guest's photo or video in one multipart request (larger files go through tus: resumable-upload.routes.ts). */
export const uploadRoutes: FastifyPluginAsyncZod<{ upload: PhotoUploadService; stagingDir: string }> = async (
  app,
  { upload, stagingDir },
) => {
  // Videos may be 200 MB; a photo's 25 MB limit is applied once its type is known.
  await app.register(multipart, { limits: { fileSize: GUEST_VIDEO_MAX_BYTES, files: 1, fields: 4, parts: 5 } });

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
        .send({ success: true, data: { id: result.id, status: result.status } });
    },
  );
};
