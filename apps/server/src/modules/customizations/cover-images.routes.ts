import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { COVER_IMAGE_MAX_BYTES, ErrorCode, errorResponses, ZUploadImageResponse } from '@momentos/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { AppError } from '../../platform/http/app-error.js';
import { readFileInMemory } from '../../platform/http/multipart-file-in-memory.js';
import { processCoverImage } from '../../platform/images/cover-image.js';
import { sniffImageType } from '../../platform/images/image-type.js';

const COVER_PARTS = 'the image in the field "image"';
const tooLarge = () =>
  new AppError(ErrorCode.FILE_TOO_LARGE, 413, 'Image exceeds the 5MB limit. Please choose a smaller image.');

/** POST /api/upload/image (cover images) and GET /uploads/covers/{file} to show them. */
export const uploadsRoutes: FastifyPluginAsync<{ blobStore: BlobStore }> = async (app, { blobStore }) => {
  await app.register(multipart, { limits: { fileSize: COVER_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post(
    '/api/upload/image',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['uploads'],
        summary: 'Upload a cover image (multipart field "image"; JPEG, PNG or WebP up to 5 MB)',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: {
          200: ZUploadImageResponse,
          ...errorResponses(400, 401, 413, 415),
        },
      },
    },
    async (request) => {
      const bytes = await readFileInMemory(request, {
        field: 'image',
        maxBytes: COVER_IMAGE_MAX_BYTES,
        expected: COVER_PARTS,
        notMultipart: 'Send the image as multipart/form-data in the field "image"',
        noFile: 'Error uploading file image: no file in the field "image"',
        tooLarge,
      });
      if (!sniffImageType(bytes)) {
        throw new AppError(ErrorCode.FILE_TYPE_NOT_ALLOWED, 415, 'Unsupported format: use JPEG, PNG or WebP images.');
      }
      let processed: Buffer;
      try {
        processed = await processCoverImage(bytes);
      } catch {
        throw new AppError(
          ErrorCode.FILE_TYPE_NOT_ALLOWED,
          415,
          'The image could not be read. Please try another file.',
        );
      }
      const key = `covers/${randomUUID()}.webp`;
      await blobStore.put(key, processed, 'image/webp');
      return { success: true as const, data: { url: `/uploads/${key}` } };
    },
  );

  app.get(
    '/uploads/covers/:file',
    {
      config: { access: 'public' },
      schema: { hide: true, params: z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.webp$/) }) },
    },
    async (request, reply) => {
      const blob = await blobStore.get(`covers/${(request.params as { file: string }).file}`);
      if (!blob) throw AppError.notFound('Image not found');
      // The name is a random id that never changes content, so it can be cached for good.
      return reply
        .type(blob.contentType)
        .header('content-length', blob.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(blob.stream);
    },
  );
};
