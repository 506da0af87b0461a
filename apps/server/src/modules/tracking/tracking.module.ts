import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import { createBurstRateLimiter } from '../../platform/rate-limit/burst-rate-limiter.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import { createTrackingRepository } from './tracking.repository.js';
import { trackingRoutes } from './tracking.routes.js';
import { createTrackingService } from './tracking.service.js';

export interface TrackingOptions {
  config: Config;
  database: DatabaseHandle;
  rateLimiter: RateLimiter;
}

/** Page views and clicks the host's analytics count. */
async function tracking(app: FastifyInstance, { config, database, rateLimiter }: TrackingOptions) {
  const trackingService = createTrackingService({
    repo: createTrackingRepository(database.db),
    // Hundreds of phones behind one venue's address must not queue on one counter row.
    rateLimiter: createBurstRateLimiter(rateLimiter, { syncEveryMs: 100 }),
    limits: {
      perIp: config.TRACKING_RATE_LIMIT_PER_IP,
      perSession: config.TRACKING_RATE_LIMIT_PER_SESSION,
      windowSeconds: config.TRACKING_RATE_LIMIT_WINDOW_SECONDS,
    },
  });
  await app.register(trackingRoutes, { prefix: '/api', trackingService });
}

export const trackingModule = fp(tracking, { name: 'tracking', dependencies: ['access'] });
