import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../../db/client.js';
import { accessOf } from '../access/index.js';
import type { AlbumEvents, AlbumReadCache } from '../albums/index.js';
import { guestPassReader } from './guest-passes.js';
import { createGuestsRepository, type GuestsRepository } from './guests.repository.js';
import { guestsRoutes } from './guests.routes.js';
import { createGuestsService } from './guests.service.js';

/** What the guests module gives the modules registered after it (`guestsOf(app)`). */
export type GuestsApi = Pick<GuestsRepository, 'addGuestWithinLimit'>;

/** An album's guests: joining with the code, and the guest passes the access policy reads. */
async function guests(
  app: FastifyInstance,
  {
    database,
    albumEvents,
    albumReadCache,
  }: { database: DatabaseHandle; albumEvents: AlbumEvents; albumReadCache: AlbumReadCache },
) {
  const repo = createGuestsRepository(database.db);
  accessOf(app).provide({ guestByToken: guestPassReader(repo, albumReadCache) });
  await app.register(guestsRoutes, { prefix: '/api', service: createGuestsService({ repo, changes: albumEvents }) });
  app.decorate('guests', { addGuestWithinLimit: repo.addGuestWithinLimit } satisfies GuestsApi);
}

export const guestsModule = fp(guests, { name: 'guests', dependencies: ['access'] });

/** The guests module's API, for a module whose plugin declares `dependencies: ['guests']`. */
export const guestsOf = (app: FastifyInstance) => app.getDecorator<GuestsApi>('guests');
