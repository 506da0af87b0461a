import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../../db/client.js';
import { createCatalogRepository } from './catalog.repository.js';
import { catalogRoutes } from './catalog.routes.js';
import { createCatalogService } from './catalog.service.js';

/** The plans and add-ons on sale, under /api/stripe. */
async function catalog(app: FastifyInstance, { database }: { database: DatabaseHandle }) {
  const catalogService = createCatalogService(createCatalogRepository(database.db));
  await app.register(catalogRoutes, { prefix: '/api/stripe', catalogService });
}

export const catalogModule = fp(catalog, { name: 'catalog', dependencies: ['access'] });
