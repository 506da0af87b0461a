import { albumOf } from '../access/index.js';
import {
  errorResponses,
  ZAddonCheckoutRequest,
  ZCreateCheckoutSessionResponse,
  ZEventIdParams,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferredLanguage } from '../../platform/http/accept-language.js';
import { currentUser } from '../access/index.js';
import type { AddonCheckoutService } from './addon-checkout.service.js';

const errors = errorResponses(400, 401, 404, 409, 429, 502);

/** POST /api/events/{id}/addons/checkout: the album's owner buys an add-on for it. */
export const addonCheckoutRoutes: FastifyPluginAsyncZod<{ service: AddonCheckoutService }> = async (
  app,
  { service },
) => {
  app.post(
    '/events/:id/addons/checkout',
    {
      config: { access: 'album-owner' },
      schema: {
        tags: ['checkout', 'events'],
        summary: 'Start paying for an add-on of an existing album (album_download); confirmation adds it to the album',
        security: [{ bearer: [] }],
        params: ZEventIdParams,
        body: ZAddonCheckoutRequest,
        response: { 200: ZCreateCheckoutSessionResponse, ...errors },
      },
    },
    async (request) => {
      const locale = preferredLanguage(request.headers['accept-language']);
      const data = await service.createAddonCheckout(
        currentUser(request),
        albumOf(request).album,
        request.body,
        locale,
      );
      return { success: true as const, data };
    },
  );
};
