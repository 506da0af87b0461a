// The uploads module's public face: the rest of the server imports only what is exported here.
export { uploadsModule, uploadsOf, type UploadsApi } from './uploads.module.js';
