import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { albumsOf } from '../albums/index.js';
import { guestsOf } from '../guests/index.js';
import { uploadsOf } from '../uploads/index.js';
import { examplesRoutes } from './examples.routes.js';

export interface ExamplesOptions {
  config: Config;
  database: DatabaseHandle;
  blobStore: BlobStore;
}

/** The home page's live example album, seeded on first start (EXAMPLE_ALBUM=on) through a guest's upload path. */
async function examples(app: FastifyInstance, { config, database, blobStore }: ExamplesOptions) {
  await app.register(examplesRoutes, {
    prefix: '/api/examples',
    db: database.db,
    seed:
      config.EXAMPLE_ALBUM === 'on'
        ? {
            guests: guestsOf(app),
            albums: albumsOf(app),
            upload: uploadsOf(app).upload,
            stagingDir: blobStore.stagingDir,
          }
        : undefined,
  });
}

export const examplesModule = fp(examples, {
  name: 'examples',
  dependencies: ['access', 'albums', 'guests', 'uploads'],
});
