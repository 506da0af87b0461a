import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import type { ProcessingSlots } from '../../platform/images/processing-slots.js';
import type { Mailer } from '../../platform/mailer/mailer.js';
import { accessOf } from '../access/index.js';
import { albumsOf, type AlbumEvents, type AlbumReadCache } from '../albums/index.js';
import { guestbookOf } from '../guestbook/index.js';
import { mediaJobsOf } from '../media-jobs/index.js';
import { sectionsOf } from '../sections/index.js';
import { createAlbumPhotosService } from './album-photos.service.js';
import type { AlbumZipLayouts } from './album-zip.service.js';
import { hostPhotosRoutes } from './host-photos.routes.js';
import { createHostPhotosService } from './host-photos.service.js';
import { startNoticesDigest } from './notices-digest.js';
import { createPhotoUploadService, type PhotoUploadService } from './photo-upload.service.js';
import { createPhotosRepository, type PhotosRepository } from './photos.repository.js';
import { photosRoutes } from './photos.routes.js';
import { registerResumableUploads } from './resumable-upload.routes.js';
import { createZipLayoutCache } from './zip-layout-cache.js';

/** What the photos module gives the modules registered after it (`photosOf(app)`). */
export interface PhotosApi {
  /** Stores a received file as a guest's upload would be (the example album's seed). */
  upload: Pick<PhotoUploadService, 'ingest'>;
  /** The album's photos counted: by kind, state and day, and by uploader (the host's dashboard). */
  counts: Pick<PhotosRepository, 'figures' | 'uploadsPerDay' | 'topContributors' | 'likesPerDay'>;
}

export interface PhotosOptions {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  blobStore: BlobStore;
  albumEvents: AlbumEvents;
  albumReadCache: AlbumReadCache;
  runInSlot: ProcessingSlots;
}

/**
 * An album's photos and videos: guests' uploads (multipart and resumable), the guests' grid,
 * likes and comments, the host's moderation, deletions and ZIPs, and the host's digest of uploads.
 */
async function photos(app: FastifyInstance, options: PhotosOptions) {
  const { config, database, mailer, blobStore, albumEvents, albumReadCache, runInSlot } = options;
  const access = accessOf(app);
  const sections = sectionsOf(app);
  const guestbook = guestbookOf(app);
  const { videoPlayback } = mediaJobsOf(app);
  const repo = createPhotosRepository(database.db);
  access.provide({ albumOfPhoto: (photoId) => repo.findAlbumIdOfPhoto(photoId) });
  const publishApproved = (albumId: string, photoId: string) =>
    albumEvents.publish(albumId, { type: 'photo', photoId });
  const upload = createPhotoUploadService({
    sectionExists: (albumId, sectionId) => sections.exists(albumId, sectionId),
    playback: videoPlayback,
    changes: albumEvents,
    photos: repo,
    blobStore,
    runInSlot,
    ffmpegPath: config.FFMPEG_PATH,
    ffprobePath: config.FFPROBE_PATH,
    onApproved: publishApproved,
  });
  await registerResumableUploads(app, { config, database, photos: repo, upload, blobStore });
  startNoticesDigest(app, { db: database.db, mailer, config, messages: guestbook.notices });
  await app.register(photosRoutes, {
    prefix: '/api',
    upload,
    stagingDir: blobStore.stagingDir,
    photos: createAlbumPhotosService({
      changes: albumEvents,
      photos: repo,
      blobStore,
      signer: access.renditions,
      cache: albumReadCache,
    }),
  });
  // One ZIP layout per album and photo set, shared by the download link and every resumed range.
  const zipLayouts: AlbumZipLayouts = createZipLayoutCache({ maxAlbums: 32 });
  app.decorate('zipLayouts', zipLayouts);
  const hostPhotos = createHostPhotosService({
    playback: videoPlayback,
    albums: albumsOf(app),
    photos: repo,
    zipLayouts,
    blobStore,
    renditions: access.renditions,
    links: access.links,
    changes: albumEvents,
    // A photo the host approves (or unhides) reaches open albums and slideshows at once.
    onApproved: (event) => publishApproved(event.albumId, event.photoId),
    archive: { sections: (albumId) => sections.list(albumId), parts: [guestbook.archive] },
  });
  await app.register(hostPhotosRoutes, { prefix: '/api/events', service: hostPhotos });
  app.decorate('photos', { upload, counts: repo } satisfies PhotosApi);
}

export const photosModule = fp(photos, {
  name: 'photos',
  dependencies: ['access', 'albums', 'sections', 'media-jobs', 'guestbook'],
});

/** The photos module's API, for a module whose plugin declares `dependencies: ['photos']`. */
export const photosOf = (app: FastifyInstance) => app.getDecorator<PhotosApi>('photos');
