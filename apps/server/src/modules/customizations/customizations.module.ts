import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { accessOf } from '../access/index.js';
import type { AlbumEvents } from '../albums/index.js';
import { uploadsRoutes } from './cover-images.routes.js';
import { createCustomizationsRepository } from './customizations.repository.js';
import { customizationsRoutes } from './customizations.routes.js';
import { createCustomizationsService, type CustomizationSavedHook } from './customizations.service.js';
import { createItineraryRepository } from './itinerary.repository.js';
import { itineraryRoutes } from './itinerary.routes.js';
import { createItineraryService } from './itinerary.service.js';

export interface CustomizationsOptions {
  config: Config;
  database: DatabaseHandle;
  blobStore: BlobStore;
  albumEvents: AlbumEvents;
}

/** What the customizations module gives the modules registered after it (`customizationsOf(app)`). */
export interface CustomizationsApi {
  /** Runs `hook` in the transaction that saves a finished album's settings. */
  onSaved(hook: CustomizationSavedHook): void;
}

/** The host's event page: its customization, its itinerary and its cover images. */
async function customizations(
  app: FastifyInstance,
  { config, database, blobStore, albumEvents }: CustomizationsOptions,
) {
  const repo = createCustomizationsRepository(database.db);
  accessOf(app).provide({ customizationOwner: async (id) => (await repo.findCustomization(id))?.userId });
  const savedHooks: CustomizationSavedHook[] = [];
  const service = createCustomizationsService(repo, config, albumEvents, savedHooks);
  await app.register(customizationsRoutes, { prefix: '/api/customizations', service });
  const itinerary = createItineraryService(createItineraryRepository(database.db), albumEvents);
  await app.register(itineraryRoutes, { prefix: '/api/customizations', service: itinerary });
  await app.register(uploadsRoutes, { blobStore });
  app.decorate('customizations', { onSaved: (hook) => void savedHooks.push(hook) } satisfies CustomizationsApi);
}

export const customizationsModule = fp(customizations, { name: 'customizations', dependencies: ['access'] });

/** The customizations module's API, for a module whose plugin declares `dependencies: ['customizations']`. */
export const customizationsOf = (app: FastifyInstance) => app.getDecorator<CustomizationsApi>('customizations');
