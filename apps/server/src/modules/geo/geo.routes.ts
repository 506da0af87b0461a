import { ZGeoResponse } from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { locateAddress } from './geo.service.js';

/** GET /api/geo: the caller's country from its address (X-Forwarded-For only with TRUST_PROXY). */
export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { access: 'public' },
      schema: {
        tags: ['geo'],
        summary: "The caller's country, resolved offline from its address",
        response: { 200: ZGeoResponse },
      },
    },
    async (request, reply) => {
      // Per visitor, so shared caches must not keep it; the client caches it for 7 days itself.
      void reply.header('cache-control', 'private, no-store');
      return locateAddress(request.ip);
    },
  );
};
