// The access module's public face: the rest of the server imports only what is exported here.
export { accessModule, accessOf, type AccessApi } from './access.module.js';
export { albumOf, grantOf, guestPassOf } from './access-policy.js';
export {
  type AccessGrant,
  type AccessLookups,
  type AccessNeed,
  type AlbumCodeCheck,
  type Grant,
  type GuestPass,
  type TicketAccess,
} from './access-types.js';
export { currentUser } from './current-user.js';
export { albumNotFound, photoNotFound } from './not-found.js';
export { type RenditionAudience, type RenditionSigner } from './rendition-urls.js';
export { type HostLinkSigner } from './signed-links.js';
export { ticketNotFound, type TicketViewer } from './ticket-access.js';
