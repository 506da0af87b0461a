import { ZErrorResponse, ZExampleAlbumResponse } from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error.js';

/**
 * GET /api/examples/album: the seeded live example album the home page frames. Albums arrive in a
 * later issue; until the seed creates one this answers 404 and the home page says "coming soon".
 */
export const examplesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/album',
    { schema: { tags: ['examples'], summary: 'The live example album shown on the home page', response: { 200: ZExampleAlbumResponse, 404: ZErrorResponse } } },
    async () => {
      throw AppError.notFound('No example album yet');
    },
  );
};
