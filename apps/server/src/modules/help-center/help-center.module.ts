import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { Mailer } from '../../platform/mailer/mailer.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import { accessOf } from '../access/index.js';
import { startReplyEmailSweep } from './reply-email-sweep.js';
import { createTicketRepository } from './tickets.repository.js';
import { ticketRoutes } from './tickets.routes.js';
import { createTicketService } from './tickets.service.js';

export interface HelpCenterOptions {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  rateLimiter: RateLimiter;
}

/** Support tickets under /api/tickets, and the e-mails of agents' replies nobody has read. */
async function helpCenter(app: FastifyInstance, { config, database, mailer, rateLimiter }: HelpCenterOptions) {
  const repo = createTicketRepository(database.db);
  accessOf(app).provide({ ticket: (id) => repo.findTicket(id) });
  await app.register(ticketRoutes, {
    prefix: '/api/tickets',
    ticketService: createTicketService({ repo, rateLimiter, config }),
  });
  startReplyEmailSweep(app, { repo, mailer, config });
}

export const helpCenterModule = fp(helpCenter, { name: 'help-center', dependencies: ['access'] });
