// The customizations module's public face: the rest of the server imports only what is exported here.
export { customizationsModule, customizationsOf, type CustomizationsApi } from './customizations.module.js';
export type { CustomizationSaved, CustomizationSavedHook } from './customizations.service.js';
export { hostFeatures } from './host-features.js';
export { toItineraryEntry } from './itinerary.service.js';
