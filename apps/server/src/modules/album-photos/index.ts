// The album-photos module's public face: the rest of the server imports only what is exported here.
export { albumPhotosModule, albumPhotosOf, type AlbumPhotosApi } from './album-photos.module.js';
export { findPhotoInAlbum, inSection, newestShotFirst, oldestShotFirst } from './photo-rows.js';
