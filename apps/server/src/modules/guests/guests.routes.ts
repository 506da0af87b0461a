import {
  ZAlbumCodeParams,
  ZAlbumIdParams,
  ZErrorResponse,
  ZGuestAlbumResponse,
  ZJoinAlbumRequest,
  ZJoinAlbumResponse,
} from '@momentos/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { albumOf } from '../access/access-policy.js';
import type { GuestsService } from './guests.service.js';

export const guestErrors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 429: ZErrorResponse };
export const guestTags = ['guests'];

export function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** GET /api/albums/code/{accessCode} and POST /api/albums/{albumId}/guests. */
export const guestsRoutes: FastifyPluginAsyncZod<{ service: GuestsService }> = async (app, { service }) => {
  app.get(
    '/albums/code/:accessCode',
    { config: { access: 'album-code' }, schema: { tags: guestTags, summary: 'The album a 6-digit guest code opens (wrong codes rate limited per client address)', params: ZAlbumCodeParams, response: { 200: ZGuestAlbumResponse, ...guestErrors } } },
    async (request) => ({ success: true as const, data: service.viewOf(albumOf(request)) }),
  );

  app.post(
    '/albums/:albumId/guests',
    { config: { access: 'album-code' }, schema: { tags: guestTags, summary: 'Join an album as a named guest; answers the guest token', params: ZAlbumIdParams, body: ZJoinAlbumRequest, response: { 201: ZJoinAlbumResponse, ...guestErrors } } },
    async (request, reply) => reply.status(201).send({ success: true, data: await service.join(albumOf(request), request.body.name) }),
  );
};
