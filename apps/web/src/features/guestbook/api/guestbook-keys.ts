/**
 * The guestbook's query keys. The printable book sits under the host's key, so a moderation that
 * refreshes the host's list refreshes the book too.
 */
export const guestbookKeys = {
  guest: (albumId: string) => ['guestbook', 'guest', albumId] as const,
  host: (id: string) => ['guestbook', 'host', id] as const,
  printable: (id: string) => ['guestbook', 'host', id, 'printable'] as const,
  event: (id: string) => ['guestbook', 'event', id] as const,
};
