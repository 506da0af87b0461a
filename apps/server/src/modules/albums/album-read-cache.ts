/**
 * What guests read most (an album's row, their pass, a page of photos), kept in this server's
 * memory so that a wedding's hundred phones refreshing the grid do not each cost database work.
 *
 * Correctness comes from invalidation, not from the TTL: the database announces every change to
 * an album's rows (migration 0012's triggers) on the channel every server listens to, and this
 * server's own announcements invalidate before its streams hear them, so a client told "new photo"
 * never refetches a stale page. The TTL only bounds the damage of a notice lost while a listener
 * reconnects. A load that was running when the album changed is answered but not kept, since it
 * may have read the rows from before the change.
 */
export interface AlbumReadCache {
  /** The value under `key` for the album: from memory while fresh, else `load`ed (once for concurrent callers). */
  read<T>(albumId: string, key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets everything kept for the album. */
  invalidate(albumId: string): void;
  /** Forgets everything (for example after notices may have been missed). */
  clear(): void;
}

interface AlbumEntries {
  version: number;
  values: Map<string, { value: unknown; expiresAt: number }>;
  loading: Map<string, Promise<unknown>>;
}

export interface AlbumReadCacheOptions {
  ttlMs: number;
  /** Albums kept at most; the least recently read is dropped first. */
  maxAlbums: number;
  /** Keys kept per album at most (pages, passes); the oldest is dropped first. */
  maxKeysPerAlbum: number;
  now?: () => number;
}

export function createAlbumReadCache({
  ttlMs,
  maxAlbums,
  maxKeysPerAlbum,
  now = Date.now,
}: AlbumReadCacheOptions): AlbumReadCache {
  const albums = new Map<string, AlbumEntries>();
  // A load keeps its value only if its album's entries are still the same object at the same version.
  let versionSeed = 0;

  const entriesOf = (albumId: string): AlbumEntries => {
    let entries = albums.get(albumId);
    if (entries) {
      albums.delete(albumId);
    } else {
      entries = { version: ++versionSeed, values: new Map(), loading: new Map() };
      if (albums.size >= maxAlbums) albums.delete(albums.keys().next().value!);
    }
    albums.set(albumId, entries);
    return entries;
  };

  return {
    async read<T>(albumId: string, key: string, load: () => Promise<T>): Promise<T> {
      const entries = entriesOf(albumId);
      const kept = entries.values.get(key);
      if (kept && kept.expiresAt > now()) return kept.value as T;
      const running = entries.loading.get(key);
      if (running) return running as Promise<T>;

      const version = entries.version;
      const loading = load().then(
        (value) => {
          entries.loading.delete(key);
          const current = albums.get(albumId);
          if (current === entries && current.version === version) {
            if (entries.values.size >= maxKeysPerAlbum) entries.values.delete(entries.values.keys().next().value!);
            entries.values.set(key, { value, expiresAt: now() + ttlMs });
          }
          return value;
        },
        (error: unknown) => {
          entries.loading.delete(key);
          throw error;
        },
      );
      entries.loading.set(key, loading);
      return loading;
    },

    invalidate(albumId: string): void {
      const entries = albums.get(albumId);
      if (!entries) return;
      entries.version = ++versionSeed;
      entries.values.clear();
      // Callers arriving after the change must not join a load that may have read the old rows.
      entries.loading.clear();
    },

    clear(): void {
      // Loads in flight find their album gone and keep nothing.
      albums.clear();
    },
  };
}
