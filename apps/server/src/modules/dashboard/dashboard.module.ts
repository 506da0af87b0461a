import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import { guestbookOf } from '../guestbook/index.js';
import { hostPhotosOf } from '../host-photos/index.js';
import { sectionsOf } from '../sections/index.js';
import { createDashboardRepository } from './dashboard.repository.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { createDashboardService } from './dashboard.service.js';

/** The host's screens over their albums: the list, an album's detail and its analytics. */
async function dashboard(app: FastifyInstance, { config, database }: { config: Config; database: DatabaseHandle }) {
  const service = createDashboardService({
    repo: createDashboardRepository(database.db),
    photos: hostPhotosOf(app).counts,
    messages: guestbookOf(app).counts,
    sections: sectionsOf(app),
    publicUrl: config.publicUrl,
  });
  await app.register(dashboardRoutes, { prefix: '/api/events', service });
}

export const dashboardModule = fp(dashboard, {
  name: 'dashboard',
  dependencies: ['access', 'host-photos', 'guestbook', 'sections'],
});
