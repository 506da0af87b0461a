import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { geoRoutes } from './geo.routes.js';

/** The caller's country, from its address, under /api/geo. */
async function geo(app: FastifyInstance) {
  await app.register(geoRoutes, { prefix: '/api/geo' });
}

export const geoModule = fp(geo, { name: 'geo', dependencies: ['access'] });
