// The geo module's public face: the rest of the server imports only what is exported here.
export { geoModule } from './geo.module.js';
export { languageForVisitor } from './geo.service.js';
