// The auth module's public face: the rest of the server imports only what is exported here.
export { authModule } from './auth.module.js';
export { createAuthRepository } from './auth.repository.js';
