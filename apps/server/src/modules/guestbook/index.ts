// The guestbook module's public face: the rest of the server imports only what is exported here.
export { createGuestbookRepository, type GuestbookRepository } from './guestbook.repository.js';
export { guestbookRoutes } from './guestbook.routes.js';
export { createGuestbookService } from './guestbook.service.js';
export { hostGuestbookRoutes } from './host-guestbook.routes.js';
export { createHostGuestbookService } from './host-guestbook.service.js';
export { sweepVoiceNotesEvery } from './voice-note-sweep.js';
