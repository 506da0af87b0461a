import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import type { Mailer } from '../../platform/mailer/mailer.js';
import { accessOf } from '../access/index.js';
import type { AlbumEvents } from '../albums/index.js';
import { guestbookOf } from '../guestbook/index.js';
import { mediaJobsOf } from '../media-jobs/index.js';
import { createHostPhotosRepository, type HostPhotosRepository } from './host-photos.repository.js';
import { hostPhotosRoutes } from './host-photos.routes.js';
import { createHostPhotosService } from './host-photos.service.js';
import { startNoticesDigest } from './notices-digest.js';

/** What the host's photos give the modules registered after them (`hostPhotosOf(app)`). */
export interface HostPhotosApi {
  /** The album's photos counted: by kind, state and day, and by uploader (the host's dashboard). */
  counts: Pick<HostPhotosRepository, 'figures' | 'uploadsPerDay' | 'topContributors' | 'likesPerDay'>;
}

export interface HostPhotosOptions {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  blobStore: BlobStore;
  albumEvents: AlbumEvents;
}

/**
 * The host's side of an album's photos: every photo in every state, originals, moderation of one or
 * many, deletions, a failed video's new attempt; and the hourly e-mail of what guests added.
 */
async function hostPhotos(
  app: FastifyInstance,
  { config, database, mailer, blobStore, albumEvents }: HostPhotosOptions,
) {
  const { renditions, links } = accessOf(app);
  const repo = createHostPhotosRepository(database.db);
  startNoticesDigest(app, { db: database.db, mailer, config, messages: guestbookOf(app).notices });
  const service = createHostPhotosService({
    playback: mediaJobsOf(app).videoPlayback,
    photos: repo,
    blobStore,
    renditions,
    links,
    changes: albumEvents,
    // A photo the host approves (or unhides) reaches open albums and slideshows at once.
    onApproved: (event) => albumEvents.publish(event.albumId, { type: 'photo', photoId: event.photoId }),
  });
  await app.register(hostPhotosRoutes, { prefix: '/api/events', service });
  app.decorate('hostPhotos', { counts: repo } satisfies HostPhotosApi);
}

export const hostPhotosModule = fp(hostPhotos, {
  name: 'host-photos',
  dependencies: ['access', 'media-jobs', 'guestbook'],
});

/** The host-photos module's API, for a module whose plugin declares `dependencies: ['host-photos']`. */
export const hostPhotosOf = (app: FastifyInstance) => app.getDecorator<HostPhotosApi>('hostPhotos');
