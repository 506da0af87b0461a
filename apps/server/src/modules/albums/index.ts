// The albums module's public face: the rest of the server imports only what is exported here.
export { generateAccessCode } from './album-code.js';
export { announcerOf, type AlbumChanges, type AlbumEvents } from './album-events.js';
export { createAlbumReadCache, type AlbumChange, type AlbumReadCache } from './album-read-cache.js';
export { albumsModule, albumsOf, type AlbumsApi } from './albums.module.js';
export { createDatabaseAlbumEvents } from './database-album-events.js';
export { guestAlbumView } from './guest-album-view.js';
export { buildPackageSnapshot, windowDaysOf } from './package-snapshot.js';
export { canonicalTimeZone, uploadWindowEnd, uploadWindowLastDay, uploadsOpen } from './upload-window.js';
