import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../../db/client.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { accessOf } from '../access/index.js';
import type { AlbumEvents, AlbumReadCache } from '../albums/index.js';
import { createAlbumPhotosRepository } from './album-photos.repository.js';
import { albumPhotosRoutes } from './album-photos.routes.js';
import { createAlbumPhotosService, type AlbumPhotosService } from './album-photos.service.js';

/** What the album's photos give the modules registered after it (`albumPhotosOf(app)`). */
export interface AlbumPhotosApi {
  /** Photos by id as the guest album shows them, newest first ("Find me"'s answer). */
  visibleAmong: AlbumPhotosService['visibleAmong'];
}

export interface AlbumPhotosOptions {
  database: DatabaseHandle;
  blobStore: BlobStore;
  albumEvents: AlbumEvents;
  albumReadCache: AlbumReadCache;
}

/**
 * The album's photos as guests read them: the grid, renditions and videos, likes and comments; and
 * a photo's album, which the access policy reads for routes that name only the photo.
 */
async function albumPhotos(
  app: FastifyInstance,
  { database, blobStore, albumEvents, albumReadCache }: AlbumPhotosOptions,
) {
  const access = accessOf(app);
  const repo = createAlbumPhotosRepository(database.db);
  access.provide({ albumOfPhoto: (photoId) => repo.findAlbumIdOfPhoto(photoId) });
  const photos = createAlbumPhotosService({
    changes: albumEvents,
    photos: repo,
    blobStore,
    signer: access.renditions,
    cache: albumReadCache,
  });
  await app.register(albumPhotosRoutes, { prefix: '/api', photos });
  app.decorate('albumPhotos', { visibleAmong: photos.visibleAmong } satisfies AlbumPhotosApi);
}

export const albumPhotosModule = fp(albumPhotos, { name: 'album-photos', dependencies: ['access'] });

/** The album's photos' API, for a module whose plugin declares `dependencies: ['album-photos']`. */
export const albumPhotosOf = (app: FastifyInstance) => app.getDecorator<AlbumPhotosApi>('albumPhotos');
