import { errorResponses, ZExampleAlbumResponse } from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { ensureExampleAlbum, findExampleAlbum, type ExampleAlbumDeps } from './example-album.js';

/**
 * GET /api/examples/album: the seeded live example album the home page frames. The seed runs in
 * the background after start so the server answers at once; until it is done this is a 404 and
 * the home page shows its calm "coming soon" card.
 */
export const examplesRoutes: FastifyPluginAsyncZod<{ db: Database; seed?: Omit<ExampleAlbumDeps, 'db'> }> = async (
  app,
  { db, seed },
) => {
  if (seed) {
    let seeding: Promise<unknown> | undefined;
    app.addHook('onReady', async () => {
      seeding = ensureExampleAlbum({ db, ...seed }).catch((error: unknown) =>
        app.log.error({ err: error }, 'example album seed failed'),
      );
    });
    // Closing waits for the seed so the database is not closed under it.
    app.addHook('onClose', async () => {
      await seeding;
    });
  }

  app.get(
    '/album',
    {
      config: { access: 'public' },
      schema: {
        tags: ['examples'],
        summary: 'The live example album shown on the home page',
        response: { 200: ZExampleAlbumResponse, ...errorResponses(404) },
      },
    },
    async (_request, reply) => {
      const album = await findExampleAlbum(db);
      const { validUntil } = album?.packageSnapshot ?? {};
      // Shown only once finished (its window closed), never half-filled.
      if (!album || validUntil === null || validUntil === undefined || new Date(validUntil) > new Date())
        throw AppError.notFound('No example album yet');
      void reply.header('cache-control', 'public, max-age=300');
      return {
        success: true as const,
        data: { id: album.id, albumUrl: `/album/${album.id}?code=${album.accessCode}` },
      };
    },
  );
};
