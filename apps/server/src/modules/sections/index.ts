// The sections module's public face: the rest of the server imports only what is exported here.
export { sectionsModule, sectionsOf, type SectionsApi } from './sections.module.js';
export { sectionNotFound } from './sections.service.js';
