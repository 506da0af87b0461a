// The host-photos module's public face: the rest of the server imports only what is exported here.
export { hostPhotosModule, hostPhotosOf, type HostPhotosApi } from './host-photos.module.js';
export * as hostRouteSchemas from './host-route-schemas.js';
