import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../../db/client.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { accessOf } from '../access/index.js';
import { guestbookOf } from '../guestbook/index.js';
import { sectionsOf } from '../sections/index.js';
import { createAlbumZipService, type AlbumZipLayouts } from './album-zip.service.js';
import { createArchiveRepository } from './archive.repository.js';
import { archiveRoutes } from './archive.routes.js';
import { createSelectionZipService } from './selection-zip.service.js';
import { createZipLayoutCache, type ZipLayoutCache } from './zip-layout-cache.js';

/**
 * The host's archives: the whole album's ZIP (photos and videos by section, and the guestbook's
 * `mensajes/`) and a selection's, each behind a signed, resumable link.
 */
async function archive(
  app: FastifyInstance,
  { database, blobStore }: { database: DatabaseHandle; blobStore: BlobStore },
) {
  const { links } = accessOf(app);
  const sections = sectionsOf(app);
  const repo = createArchiveRepository(database.db);
  const sectionsOfAlbum = (albumId: string) => sections.list(albumId);
  // One ZIP layout per album and photo set, shared by the download link and every resumed range.
  const layouts: AlbumZipLayouts = createZipLayoutCache({ maxAlbums: 32 });
  app.decorate('zipLayouts', layouts);
  const albumZip = createAlbumZipService({
    repo,
    blobStore,
    links,
    layouts,
    sections: sectionsOfAlbum,
    parts: [guestbookOf(app).archive],
  });
  const selectionZip = createSelectionZipService({ repo, blobStore, links, sections: sectionsOfAlbum });
  await app.register(archiveRoutes, { prefix: '/api/events', service: { ...albumZip, ...selectionZip } });
}

export const archiveModule = fp(archive, {
  name: 'archive',
  dependencies: ['access', 'sections', 'guestbook'],
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's ZIP layouts, exposed for tests that count the layouts built. */
    zipLayouts: ZipLayoutCache<unknown>;
  }
}
