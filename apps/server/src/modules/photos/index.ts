// The photos module's public face: the rest of the server imports only what is exported here.
export { createAlbumPhotosService } from './album-photos.service.js';
export { type AlbumZipLayouts } from './album-zip.service.js';
export { hostPhotosRoutes } from './host-photos.routes.js';
export { createMediaJobs, type MediaJobs } from './media-jobs.js';
export { createHostPhotosService } from './host-photos.service.js';
export { startNoticesDigest } from './notices-digest.js';
export { type MessageNotices } from './photo-notices.repository.js';
export { createPhotoUploadService, type PhotoUploadService } from './photo-upload.service.js';
export { createPhotosRepository, type PhotosRepository } from './photos.repository.js';
export { photosRoutes } from './photos.routes.js';
export { createRenditionSigner } from './rendition-urls.js';
export { registerResumableUploads } from './resumable-upload.routes.js';
export { createZipLayoutCache } from './zip-layout-cache.js';
