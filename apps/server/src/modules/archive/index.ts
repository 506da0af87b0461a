// The archive module's public face: the rest of the server imports only what is exported here.
export { archiveModule } from './archive.module.js';
