import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../../db/client.js';
import type { AlbumEvents, AlbumReadCache } from '../albums/index.js';
import { createSectionsRepository, type SectionsRepository } from './sections.repository.js';
import { hostSectionsRoutes, sectionsRoutes } from './sections.routes.js';
import { createSectionsService, type SectionsService } from './sections.service.js';

/** What the sections module gives the modules registered after it (`sectionsOf(app)`). */
export interface SectionsApi {
  /** The album's parts in use, its main part included. */
  partsInUse: SectionsService['partsInUse'];
  /** The album's sections in order (a folder each in the album's ZIP). */
  list: SectionsRepository['list'];
}

export interface SectionsOptions {
  database: DatabaseHandle;
  albumEvents: AlbumEvents;
  albumReadCache: AlbumReadCache;
}

/** An album's named sections: the guests' list under /api, the host's changes under /api/events. */
async function sections(app: FastifyInstance, { database, albumEvents, albumReadCache }: SectionsOptions) {
  const repo = createSectionsRepository(database.db);
  const service = createSectionsService({
    repo,
    cache: albumReadCache,
    photoCounts: (albumId) => repo.countPhotosBySection(albumId),
    changes: albumEvents,
  });
  await app.register(sectionsRoutes, { prefix: '/api', service });
  await app.register(hostSectionsRoutes, { prefix: '/api/events', service });
  app.decorate('sections', {
    partsInUse: (albumId) => service.partsInUse(albumId),
    list: (albumId) => repo.list(albumId),
  } satisfies SectionsApi);
}

export const sectionsModule = fp(sections, { name: 'sections', dependencies: ['access'] });

/** The sections module's API, for a module whose plugin declares `dependencies: ['sections']`. */
export const sectionsOf = (app: FastifyInstance) => app.getDecorator<SectionsApi>('sections');
