// The health module's public face: the rest of the server imports only what is exported here.
export { healthModule } from './health.module.js';
