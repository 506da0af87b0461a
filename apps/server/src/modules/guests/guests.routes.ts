import {
  errorResponses,
  ZAlbumCodeParams,
  ZAlbumIdParams,
  ZGuestAccessCodeResponse,
  ZGuestAlbumResponse,
  ZJoinAlbumRequest,
  ZJoinAlbumResponse,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { albumOf } from '../access/index.js';
import type { GuestsService } from './guests.service.js';

const guestErrors = errorResponses(400, 401, 403, 404, 429);
const guestTags = ['guests'];

/** GET /api/albums/code/{accessCode}, POST /api/albums/{albumId}/guests, GET /api/albums/{albumId}/access-code. */
export const guestsRoutes: FastifyPluginAsyncZod<{ service: GuestsService }> = async (app, { service }) => {
  app.get(
    '/albums/code/:accessCode',
    {
      config: { access: 'album-code' },
      schema: {
        tags: guestTags,
        summary: 'The album a 6-digit guest code opens (wrong codes rate limited per client address)',
        params: ZAlbumCodeParams,
        response: { 200: ZGuestAlbumResponse, ...guestErrors },
      },
    },
    async (request) => ({ success: true as const, data: service.viewOf(albumOf(request)) }),
  );

  app.post(
    '/albums/:albumId/guests',
    {
      config: { access: 'album-code' },
      schema: {
        tags: guestTags,
        summary: 'Join an album as a named guest; answers the guest token',
        params: ZAlbumIdParams,
        body: ZJoinAlbumRequest,
        response: { 201: ZJoinAlbumResponse, ...guestErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ success: true, data: await service.join(albumOf(request), request.body.name) }),
  );

  app.get(
    '/albums/:albumId/access-code',
    {
      config: { access: 'album-guest' },
      schema: {
        tags: guestTags,
        summary: "The album's current code for a guest pass holder, whose saved link names a code the hosts replaced",
        params: ZAlbumIdParams,
        response: { 200: ZGuestAccessCodeResponse, ...guestErrors },
      },
    },
    async (request) => ({ success: true as const, data: { accessCode: albumOf(request).album.accessCode } }),
  );
};
