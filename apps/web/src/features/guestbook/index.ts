// The guestbook's public entry: the guests' "leave a message" and the album's guestbook, the
// host's messages tab and the printable guestbook (routed by album-detail, beside the table card).
export { LeaveMessageEntry } from './components/leave-message-entry';
export { AlbumGuestbook } from './components/album-guestbook';
export { MessagesTab } from './components/messages-tab';
export { GuestbookPrint } from './components/guestbook-print';
