// The access module's public face: the rest of the server imports only what is exported here.
export {
  albumOf,
  createAccessPolicy,
  grantOf,
  guestPassOf,
  registerAccessPolicy,
  type AccessPolicy,
} from './access-policy.js';
export { type AccessNeed, type Grant, type GuestPass } from './access-types.js';
export { createAlbumCodeGate } from './album-code-gate.js';
export { createGuestPasses } from './guest-access.js';
export { createHostLinkSigner, type HostLinkSigner } from './signed-links.js';
export { ticketNotFound, type TicketAccess, type TicketViewer } from './ticket-access.js';
