// The guestbook's endpoints (apps/server/src/modules/guestbook/*.routes.ts); the contract names no paths for them.
export const guestbookPaths = {
  guestMessages: (albumId: string) => `/api/albums/${encodeURIComponent(albumId)}/messages`,
  eventMessages: (id: string) => `/api/events/${encodeURIComponent(id)}/messages`,
  eventMessage: (id: string, messageId: string) =>
    `/api/events/${encodeURIComponent(id)}/messages/${encodeURIComponent(messageId)}`,
};

export const guestbookKeys = {
  guest: (albumId: string) => ['guestbook', 'guest', albumId] as const,
  host: (id: string) => ['guestbook', 'host', id] as const,
  printable: (id: string) => ['guestbook', 'host', id, 'printable'] as const,
  event: (id: string) => ['guestbook', 'event', id] as const,
};
