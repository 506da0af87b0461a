// The dashboard module's public face: the rest of the server imports only what is exported here.
export { createDashboardRepository } from './dashboard.repository.js';
export { dashboardRoutes } from './dashboard.routes.js';
export { createDashboardService } from './dashboard.service.js';
