// The tracking module's public face: the rest of the server imports only what is exported here.
export { createTrackingRepository } from './tracking.repository.js';
export { trackingRoutes } from './tracking.routes.js';
export { createTrackingService } from './tracking.service.js';
