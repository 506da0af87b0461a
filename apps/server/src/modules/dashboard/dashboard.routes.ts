import {
  errorResponses,
  ZClientEventsResponse,
  ZEventAnalyticsResponse,
  ZEventDetailsResponse,
  ZEventIdParams,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { albumOf, currentUser } from '../access/index.js';
import type { DashboardService } from './dashboard.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['events'];
const security = [{ bearer: [] }];

/** The host's dashboard, album detail and analytics, under /api/events (spec 001 §3 and §7). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ service: DashboardService }> = async (app, { service }) => {
  const owner = { access: 'album-owner' } as const;
  app.get(
    '/cliente',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        security,
        summary: "The caller's albums, orders and order counts",
        response: { 200: ZClientEventsResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Events retrieved',
      data: await service.cliente(currentUser(request).userId),
    }),
  );

  app.get(
    '/details/:id',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'An album: evento, habilidades, itinerario, consolidado',
        params: ZEventIdParams,
        response: { 200: ZEventDetailsResponse, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await service.details(albumOf(request)) }),
  );

  app.get(
    '/:id/analytics',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'Host analytics (plans with basic or advanced analytics)',
        params: ZEventIdParams,
        response: { 200: ZEventAnalyticsResponse, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await service.analytics(albumOf(request)) }),
  );
};
