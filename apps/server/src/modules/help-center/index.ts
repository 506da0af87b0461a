// The help-center module's public face: the rest of the server imports only what is exported here.
export { startReplyEmailSweep } from './reply-email-sweep.js';
export { createTicketRepository } from './tickets.repository.js';
export { ticketRoutes } from './tickets.routes.js';
export { createTicketService } from './tickets.service.js';
