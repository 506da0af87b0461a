// The guestbook module's public face: the rest of the server imports only what is exported here.
export { createGuestbookArchive } from './guestbook-archive.js';
export { createGuestbookRepository, type GuestbookRepository } from './guestbook.repository.js';
export { registerGuestbook } from './register-guestbook.js';
export { createVoiceNoteCopies, type VoiceNoteCopies } from './voice-note-copies.js';
