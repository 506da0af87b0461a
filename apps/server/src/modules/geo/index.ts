// The geo module's public face: the rest of the server imports only what is exported here.
export { geoRoutes } from './geo.routes.js';
export { languageForVisitor } from './geo.service.js';
