// The customizations module's public face: the rest of the server imports only what is exported here.
export { uploadsRoutes } from './cover-images.routes.js';
export { createCustomizationsRepository } from './customizations.repository.js';
export { customizationsRoutes } from './customizations.routes.js';
export { createCustomizationsService } from './customizations.service.js';
export { hostFeatures } from './host-features.js';
export { createItineraryRepository } from './itinerary.repository.js';
export { itineraryRoutes } from './itinerary.routes.js';
export { createItineraryService, toItineraryEntry } from './itinerary.service.js';
