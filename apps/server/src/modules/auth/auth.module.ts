import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { Mailer } from '../../platform/mailer/mailer.js';
import { createFailureDelay } from '../../platform/rate-limit/failure-delay.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import { createRememberedKeys } from '../../platform/rate-limit/remembered-keys.js';
import { accessOf } from '../access/index.js';
import { createSharedGrantCache } from './auth-change-notices.js';
import { createAuthRepository } from './auth.repository.js';
import { authRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';

export interface AuthOptions {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  rateLimiter: RateLimiter;
}

/** Accounts and sessions: the routes under /api/auth, and the session look-up the access policy reads. */
async function auth(app: FastifyInstance, { config, database, mailer, rateLimiter }: AuthOptions) {
  // Signed-in requests check their token in memory; the database announces every revocation to every server.
  const grants = await createSharedGrantCache(database, app.log);
  app.addHook('onClose', () => grants.close());
  const authService = createAuthService({
    repo: createAuthRepository(database.db),
    mailer,
    rateLimiter,
    failureDelay: createFailureDelay(database.db),
    knownDevices: createRememberedKeys(database.db),
    config,
    grants,
  });
  accessOf(app).provide({ findUser: (token) => authService.findAccessGrant(token) });
  await app.register(authRoutes, { prefix: '/api/auth', authService, publicUrl: config.publicUrl });
}

export const authModule = fp(auth, { name: 'auth', dependencies: ['access'] });
