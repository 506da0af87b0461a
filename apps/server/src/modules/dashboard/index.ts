// The dashboard module's public face: the rest of the server imports only what is exported here.
export { dashboardModule } from './dashboard.module.js';
