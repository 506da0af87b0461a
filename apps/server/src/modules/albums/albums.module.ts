import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { GuestAlbumRow } from '../../db/schema/index.js';
import type { PageFill } from '../../platform/http/spa.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import { accessOf } from '../access/index.js';
import { createAccessCodeService } from './access-code.service.js';
import { createAlbumCodeGate } from './album-code-gate.js';
import type { AlbumEvents } from './album-events.js';
import { albumLiveRoutes } from './album-live.routes.js';
import type { AlbumReadCache } from './album-read-cache.js';
import { createAlbumsRepository } from './albums.repository.js';
import { albumsRoutes } from './albums.routes.js';
import { guestPageFill } from './guest-page.js';

/** What the albums module gives the modules registered after it (`albumsOf(app)`). */
export interface AlbumsApi {
  /** The album as guests see it, through the read cache: the same read the access policy's look-up makes. */
  findAlbum(albumId: string): Promise<GuestAlbumRow | undefined>;
}

export interface AlbumsOptions {
  config: Config;
  database: DatabaseHandle;
  rateLimiter: RateLimiter;
  albumEvents: AlbumEvents;
  albumReadCache: AlbumReadCache;
  pageFills: PageFill[];
}

/**
 * The album itself: its code gate and the album by id (the access policy's look-ups), the host's
 * code and QR routes, the live stream and slideshow, and the guest page's first paint.
 */
async function albums(app: FastifyInstance, options: AlbumsOptions) {
  const { config, database, rateLimiter, albumEvents, albumReadCache } = options;
  const repo = createAlbumsRepository(database.db);
  // The one read of an album by id. Through the read cache, which forgets the album when it changes
  // (a hidden album, a new code, its event's details) on every server.
  const findAlbum = (albumId: string) => albumReadCache.read(albumId, 'album', () => repo.findAlbum(albumId), 'pass');
  const codeGate = createAlbumCodeGate({
    repo,
    albumById: findAlbum,
    // Right codes are never counted, so a whole party opening the album writes no counter.
    rateLimiter,
    limits: {
      perAddressPerMinute: config.ALBUM_CODE_RATE_LIMIT_PER_IP,
      perAddressPerDay: config.ALBUM_CODE_RATE_LIMIT_PER_IP_PER_DAY,
      perAddressPerMonth: config.ALBUM_CODE_RATE_LIMIT_PER_IP_PER_MONTH,
      perBlockPerDay: config.ALBUM_CODE_RATE_LIMIT_PER_BLOCK_PER_DAY,
      perBlockPerMonth: config.ALBUM_CODE_RATE_LIMIT_PER_BLOCK_PER_MONTH,
      attackWrongPerMinute: config.ALBUM_CODE_ATTACK_WRONG_PER_MINUTE,
      attackWrongPerDay: config.ALBUM_CODE_ATTACK_WRONG_PER_DAY,
      underAttackPerAddressPerDay: config.ALBUM_CODE_UNDER_ATTACK_PER_IP_PER_DAY,
      underAttackPerBlockPerDay: config.ALBUM_CODE_UNDER_ATTACK_PER_BLOCK_PER_DAY,
    },
  });
  accessOf(app).provide({
    album: findAlbum,
    albumForCode: (check) => codeGate.verify(check),
  });
  const accessCodes = createAccessCodeService({
    repo,
    rateLimiter,
    changes: albumEvents,
    publicUrl: config.publicUrl,
  });
  await app.register(albumsRoutes, { prefix: '/api', publicUrl: config.publicUrl, accessCodes });
  await app.register(albumLiveRoutes, { prefix: '/api', events: albumEvents, publicUrl: config.publicUrl });
  options.pageFills.push(guestPageFill(codeGate));
  app.decorate('albums', { findAlbum } satisfies AlbumsApi);
}

export const albumsModule = fp(albums, { name: 'albums', dependencies: ['access'] });

/** The albums module's API, for a module whose plugin declares `dependencies: ['albums']`. */
export const albumsOf = (app: FastifyInstance) => app.getDecorator<AlbumsApi>('albums');
