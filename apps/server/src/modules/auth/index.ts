// The auth module's public face: the rest of the server imports only what is exported here.
export { currentUser } from './auth.guard.js';
export { createAuthRepository, type AccessGrant } from './auth.repository.js';
export { authRoutes } from './auth.routes.js';
export { createAuthService } from './auth.service.js';
export { createSharedGrantCache } from './auth-change-notices.js';
