// The albums module's public face: the rest of the server imports only what is exported here.
export { createAccessCodeService, type AccessCodeService } from './access-code.service.js';
export { generateAccessCode } from './album-code.js';
export { announcerOf, type AlbumChanges, type AlbumEvents } from './album-events.js';
export { albumLiveRoutes } from './album-live.routes.js';
export { createAlbumReadCache, type AlbumChange, type AlbumReadCache } from './album-read-cache.js';
export { createAlbumsRepository, type AlbumsRepository, type GuestAlbumRow } from './albums.repository.js';
export { albumsRoutes } from './albums.routes.js';
export { createDatabaseAlbumEvents } from './database-album-events.js';
export { guestAlbumView } from './guest-album-view.js';
export { guestPageFill } from './guest-page.js';
export { buildPackageSnapshot, windowDaysOf } from './package-snapshot.js';
export { canonicalTimeZone, uploadWindowEnd, uploadWindowLastDay, uploadsOpen } from './upload-window.js';
