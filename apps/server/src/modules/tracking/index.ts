// The tracking module's public face: the rest of the server imports only what is exported here.
export { trackingModule } from './tracking.module.js';
