// The customizations module's public face: the rest of the server imports only what is exported here.
export { customizationsModule } from './customizations.module.js';
export { hostFeatures } from './host-features.js';
export { toItineraryEntry } from './itinerary.service.js';
