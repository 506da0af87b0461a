import { errorResponses, ZProductParams, ZProductsQuery, ZProductsResponse } from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CatalogService } from './catalog.service.js';

const tags = ['catalog'];

export const catalogRoutes: FastifyPluginAsyncZod<{ catalogService: CatalogService }> = async (
  app,
  { catalogService },
) => {
  app.get(
    '/products',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Active base plans of a billing type, add-ons excluded, ordered basic to elite',
        querystring: ZProductsQuery,
        response: { 200: ZProductsResponse, ...errorResponses(400) },
      },
    },
    async (request) => ({ success: true as const, data: await catalogService.listPlans(request.query.type) }),
  );

  app.get(
    '/products/:productId/addons',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Add-ons compatible with a plan',
        params: ZProductParams,
        response: { 200: ZProductsResponse, ...errorResponses(404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await catalogService.listCompatibleAddons(request.params.productId),
    }),
  );
};
