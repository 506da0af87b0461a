import type { AlbumChange } from './album-read-cache.js';

/**
 * Something that happened in an album that everyone looking at it should see at once: `photo`, a
 * photo became visible; `video`, a video's playback copy is ready or could not be made. The type is
 * the stream's event name (ALBUM_LIVE_PHOTO_EVENT, ALBUM_LIVE_VIDEO_EVENT).
 */
export type AlbumEvent = { type: 'photo' | 'video'; photoId: string };

type Listener = (event: AlbumEvent) => void;

export interface AlbumEvents {
  /** Announces an event to every open stream of the album; never throws, never waits. */
  publish(albumId: string, event: AlbumEvent): void;
  /** `onClose` runs when the server shuts down, so a stream can end itself. Returns the unsubscribe. */
  subscribe(albumId: string, listener: Listener, onClose: () => void): () => void;
  /** Open streams of this process (of one album, or all). */
  subscriberCount(albumId?: string): number;
  /** Ends every open stream (server shutdown): keep-alive streams would otherwise hold `close()` open. */
  closeAll(): void;
  /** Stops hearing other servers (after `closeAll`, on shutdown). */
  stop(): Promise<void>;
  /**
   * This server's own write changed the album's rows: forgets here, at once, what it made stale
   * (read-your-writes for this server's caches; the others follow the database's notice).
   */
  changed(albumId: string, change: AlbumChange): void;
  /** Resolves once this server has heard every change committed before the call (a test's direct writes). */
  settled(): Promise<void>;
}

/**
 * The in-process album event hub, one per server (`app.services.albumEvents`).
 *
 * Publishing: call `publish(albumId, { type: 'photo', photoId })` once a photo becomes visible to
 * everyone, i.e. is stored with status `approved` (the guest upload does so today; the host's
 * moderation "approve" must do the same when it turns a pending photo approved). Publishing never
 * throws and never waits: a listener that fails is dropped, so an upload cannot fail because a
 * slideshow's connection broke. Events are not stored: a client that reconnects refetches the list.
 *
 * Only subscribers of this process hear an event: `createDatabaseAlbumEvents` (database-album-events.ts)
 * wraps it so that every server on the same database hears every publish.
 */
export function createAlbumEvents(): AlbumEvents {
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

    closeAll(): void {
      for (const close of [...closers]) close();
    },

    async stop(): Promise<void> {},

    // One process with no cache of its own: nothing to forget.
    changed(): void {},

    async settled(): Promise<void> {},
  };
}

/** What a service that writes an album's rows needs of the album events. */
export type AlbumChanges = Pick<AlbumEvents, 'changed'>;

/**
 * Read-your-writes for the server's caches: a service whose writes change `change` of an album
 * answers through this once they are committed, and this server forgets what they made stale
 * before the answer leaves, so the caller's next read here never comes from such a cache. It does
 * not wait for the database's notice to come back (a round trip per answer, up to a second on a
 * busy server): the notice tells the other servers, and this one again (at worst one more load).
 * An undefined album (a customization with no album yet) has nothing cached.
 */
export function announcerOf(changes: AlbumChanges | undefined, change: AlbumChange) {
  return <T>(albumId: string | undefined, value: T): T => {
    if (albumId) changes?.changed(albumId, change);
    return value;
  };
}
