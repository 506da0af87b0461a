import multipart from '@fastify/multipart';
import {
  SELFIE_MAX_BYTES,
  ZAlbumIdParams,
  errorResponses,
  ZEventIdParams,
  ZFaceProgressResponse,
  ZFaceSearchResponse,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { albumOf, guestPassOf } from '../access/index.js';
import type { FacesService } from './faces.service.js';
import { readSelfie } from './selfie-input.js';

/** The guest's "Find me" under /api: a selfie in, the photos they are in out. */
export const facesRoutes: FastifyPluginAsyncZod<{ service: FacesService }> = async (app, { service }) => {
  await app.register(multipart, { limits: { fileSize: SELFIE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  app.post(
    '/albums/:albumId/faces/search',
    {
      config: { access: 'album-guest' },
      schema: {
        tags: ['faces'],
        summary:
          'Find me: the photos the person in a selfie is in, newest first (X-Guest-Token; multipart field "selfie": ' +
          'JPEG, PNG, WebP or HEIC up to 10 MB, kept in memory for this request only)',
        consumes: ['multipart/form-data'],
        params: ZAlbumIdParams,
        response: {
          200: ZFaceSearchResponse,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429, 503),
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const pass = guestPassOf(request);
      const selfie = await readSelfie(request);
      return { success: true as const, data: await service.search(pass, selfie) };
    },
  );
};

/** The host's view under /api/events: indexing progress. */
export const hostFacesRoutes: FastifyPluginAsyncZod<{ service: FacesService }> = async (app, { service }) => {
  app.get(
    '/:id/faces',
    {
      config: { access: 'album-owner' },
      schema: {
        tags: ['events'],
        security: [{ bearer: [] }],
        summary: '"Find me" on this album: the switch, whether the server can run it, and photos indexed of all',
        params: ZEventIdParams,
        response: { 200: ZFaceProgressResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: await service.progress(albumOf(request).album.id) };
    },
  );
};
