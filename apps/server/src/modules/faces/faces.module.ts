import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { AlbumPhotoRow } from '../../db/schema/index.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { createFaceEngine } from '../../platform/faces/face-engine.js';
import type { ProcessingSlots } from '../../platform/images/processing-slots.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import type { Database } from '../../db/client.js';
import { albumPhotosOf } from '../album-photos/index.js';
import { customizationsOf } from '../customizations/index.js';
import { mediaJobsOf } from '../media-jobs/index.js';
import { createFaceAlbumCache } from './face-album-cache.js';
import { createFaceIndexing } from './face-index.js';
import { createFacesRepository } from './faces.repository.js';
import { facesRoutes, hostFacesRoutes } from './faces.routes.js';
import { createFacesService } from './faces.service.js';

/** What "Find me" gives the modules registered after it (`facesOf(app)`). */
export interface FacesApi {
  /** Queues a new photo's faces in the transaction that inserts it, when its album has "Find me" on. */
  queueFor(tx: Database, photo: Pick<AlbumPhotoRow, 'id' | 'albumId'>): Promise<void>;
}

export interface FacesOptions {
  config: Config;
  database: DatabaseHandle;
  blobStore: BlobStore;
  rateLimiter: RateLimiter;
  runInSlot: ProcessingSlots;
}

/**
 * "Find me" (issue 31): the host's switch indexes the album's photos by face on the job queue, one
 * at a time in the face engine's thread; a guest's selfie, held in memory for its one request,
 * finds the photos they are in. Turning the switch off forgets every face of the album at once.
 */
async function faces(app: FastifyInstance, { config, database, blobStore, rateLimiter, runInSlot }: FacesOptions) {
  const repo = createFacesRepository(database.db);
  const engine = createFaceEngine({
    idleMs: config.FACE_ENGINE_IDLE_SECONDS * 1000,
    logger: app.log,
    modelDir: config.FACE_MODELS_DIR,
  });
  app.addHook('onClose', () => engine.close());
  const cache = createFaceAlbumCache(repo);
  const mediaJobs = mediaJobsOf(app);
  const indexing = createFaceIndexing({
    repo,
    queue: mediaJobs.queue,
    blobStore,
    engine,
    runInSlot,
    onIndexed: (albumId) => cache.forget(albumId),
  });
  // One at a time on a loop of its own: the engine uses one core, and videos keep their workers.
  if (engine.isAvailable) mediaJobs.handleApart(indexing.handler);
  customizationsOf(app).onSaved(async (tx, { albumId, before, after }) => {
    if (before.enableFaceSearch === after.enableFaceSearch) return;
    if (after.enableFaceSearch) await repo.queueAlbum(tx, albumId);
    else await repo.forgetAlbum(tx, albumId);
    cache.forget(albumId);
  });
  const service = createFacesService({
    repo,
    engine,
    cache,
    runInSlot,
    rateLimiter,
    searchesPerGuestPerHour: config.FACE_SEARCHES_PER_GUEST_PER_HOUR,
    visibleAmong: albumPhotosOf(app).visibleAmong,
  });
  await app.register(facesRoutes, { prefix: '/api', service });
  await app.register(hostFacesRoutes, { prefix: '/api/events', service });
  app.decorate('faces', { queueFor: (tx, photo) => repo.queuePhoto(tx, photo.albumId, photo.id) } satisfies FacesApi);
}

export const facesModule = fp(faces, {
  name: 'faces',
  dependencies: ['access', 'customizations', 'media-jobs', 'album-photos'],
});

/** "Find me"'s API, for a module whose plugin declares `dependencies: ['faces']`. */
export const facesOf = (app: FastifyInstance) => app.getDecorator<FacesApi>('faces');
