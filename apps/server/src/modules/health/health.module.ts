import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../../db/client.js';
import { healthRoutes } from './health.routes.js';

/** The health check a load balancer or an uptime monitor calls. */
async function health(app: FastifyInstance, { database }: { database: DatabaseHandle }) {
  await app.register(healthRoutes, { database });
}

export const healthModule = fp(health, { name: 'health', dependencies: ['access'] });
