// The guests module's public face: the rest of the server imports only what is exported here.
export { guestsModule, guestsOf, type GuestsApi } from './guests.module.js';
