/** Something that happened in an album that everyone looking at it should see at once. */
export type AlbumEvent = { type: 'photo'; photoId: string };

type Listener = (event: AlbumEvent) => void;

/**
 * The in-process album event hub, one per server (`app.services.albumEvents`).
 *
 * Publishing: call `publish(albumId, { type: 'photo', photoId })` once a photo becomes visible to
 * everyone, i.e. is stored with status `approved` (the guest upload does so today; the host's
 * moderation "approve" must do the same when it turns a pending photo approved). Publishing never
 * throws and never waits: a listener that fails is dropped, so an upload cannot fail because a
 * slideshow's connection broke. Events are not stored: a client that reconnects refetches the list.
 *
 * Only subscribers of this process hear an event; several servers behind a load balancer would
 * need a shared channel (PostgreSQL LISTEN/NOTIFY) behind this same interface.
 */
export function createAlbumEvents() {
  const byAlbum = new Map<string, Set<Listener>>();
  const closers = new Set<() => void>();

  return {
    publish(albumId: string, event: AlbumEvent): void {
      for (const listener of byAlbum.get(albumId) ?? []) {
        try {
          listener(event);
        } catch {
          byAlbum.get(albumId)?.delete(listener);
        }
      }
    },

    /** `onClose` runs when the server shuts down, so a stream can end itself. Returns the unsubscribe. */
    subscribe(albumId: string, listener: Listener, onClose: () => void): () => void {
      const listeners = byAlbum.get(albumId) ?? new Set<Listener>();
      byAlbum.set(albumId, listeners);
      listeners.add(listener);
      closers.add(onClose);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) byAlbum.delete(albumId);
        closers.delete(onClose);
      };
    },

    subscriberCount(albumId?: string): number {
      if (albumId) return byAlbum.get(albumId)?.size ?? 0;
      return [...byAlbum.values()].reduce((sum, set) => sum + set.size, 0);
    },

    /** Ends every open stream (server shutdown): keep-alive streams would otherwise hold `close()` open. */
    closeAll(): void {
      for (const close of [...closers]) close();
    },
  };
}

export type AlbumEvents = ReturnType<typeof createAlbumEvents>;
