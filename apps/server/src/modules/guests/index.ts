// The guests module's public face: the rest of the server imports only what is exported here.
export { createGuestsRepository, type GuestsRepository } from './guests.repository.js';
export { guestsRoutes } from './guests.routes.js';
export { createGuestsService } from './guests.service.js';
