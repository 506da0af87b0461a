import { ZAddonCheckoutRequest, ZCreateCheckoutSessionResponse, ZErrorResponse, ZEventIdParams } from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferredLanguage } from '../../platform/http/accept-language.js';
import { currentUser, type AuthGuards } from '../auth/auth.guard.js';
import type { AddonCheckoutService } from './addon-checkout.service.js';

const errors = {
  400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 429: ZErrorResponse, 502: ZErrorResponse,
};

/** POST /api/events/{id}/addons/checkout: the album's owner buys an add-on for it. */
export const addonCheckoutRoutes: FastifyPluginAsyncZod<{ service: AddonCheckoutService; guards: AuthGuards }> = async (
  app,
  { service, guards },
) => {
  app.post(
    '/events/:id/addons/checkout',
    {
      onRequest: guards.requireUser,
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
      const data = await service.createAddonCheckout(currentUser(request), request.params.id, request.body, locale);
      return { success: true as const, data };
    },
  );
};
