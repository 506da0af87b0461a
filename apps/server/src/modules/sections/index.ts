// The sections module's public face: the rest of the server imports only what is exported here.
export { createSectionsRepository, type SectionsRepository } from './sections.repository.js';
export { hostSectionsRoutes, sectionsRoutes } from './sections.routes.js';
export { createSectionsService, sectionNotFound, type SectionsService } from './sections.service.js';
