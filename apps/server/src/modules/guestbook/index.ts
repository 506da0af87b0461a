// The guestbook module's public face: the rest of the server imports only what is exported here.
export { guestbookModule, guestbookOf, type GuestbookApi } from './guestbook.module.js';
export { createVoiceNoteCopies } from './voice-note-copies.js';
