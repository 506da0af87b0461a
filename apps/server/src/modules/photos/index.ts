// The photos module's public face: the rest of the server imports only what is exported here.
export { photosModule, photosOf, type PhotosApi } from './photos.module.js';
