/**
 * What guests read most (an album's row, their pass, a page of photos), kept in this server's
 * memory so that a wedding's hundred phones refreshing the grid do not each cost database work.
 *
 * Correctness comes from invalidation, not from the TTL: the database announces every change to
 * an album's rows (migration 0012's triggers; since 0020 they say when only its content changed)
 * on the channel every server listens to, and this server's own announcements invalidate before
 * its streams hear them, so a client told "new photo" never refetches a stale page. The TTL only
 * bounds the damage of a notice lost while a listener reconnects. A load that was running when the
 * album changed is answered but not kept, since it may have read the rows from before the change.
 */
export interface AlbumReadCache {
  /** The value under `key` for the album: from memory while fresh, else `load`ed (once for concurrent callers). */
  read<T>(albumId: string, key: string, load: () => Promise<T>, kind?: AlbumReadKind): Promise<T>;
  /** Forgets what the change may have made stale: everything kept for the album, or only its content. */
  invalidate(albumId: string, change?: AlbumChange): void;
  /** Forgets everything (for example after notices may have been missed). */
  clear(): void;
}

/**
 * What changed in an album: `content` is its photos and videos, their likes and comments, its
 * messages and sections; `album` is anything else (its row, its event details, its guests), which
 * may change every answer. Every upload is a content change, and it must not cost every following
 * upload a fresh read of the album and of the guest's pass.
 */
export type AlbumChange = 'album' | 'content';

/** What a kept value is built from: `pass`, the album's row or a guest's pass, outlives content changes. */
export type AlbumReadKind = 'pass' | 'content';

interface KeptValues {
  version: number;
  values: Map<string, { value: unknown; expiresAt: number }>;
  loading: Map<string, Promise<unknown>>;
}
type AlbumEntries = Record<AlbumReadKind, KeptValues>;

export interface AlbumReadCacheOptions {
  ttlMs: number;
  /** Albums kept at most; the least recently read is dropped first. */
  maxAlbums: number;
  /** Keys of each kind kept per album at most (pages, passes); the oldest is dropped first. */
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
  const keptValues = (): KeptValues => ({ version: ++versionSeed, values: new Map(), loading: new Map() });
  const forget = (kept: KeptValues) => {
    kept.version = ++versionSeed;
    kept.values.clear();
    // Callers arriving after the change must not join a load that may have read the old rows.
    kept.loading.clear();
  };

  const entriesOf = (albumId: string): AlbumEntries => {
    let entries = albums.get(albumId);
    if (entries) {
      albums.delete(albumId);
    } else {
      entries = { pass: keptValues(), content: keptValues() };
      if (albums.size >= maxAlbums) albums.delete(albums.keys().next().value!);
    }
    albums.set(albumId, entries);
    return entries;
  };

  return {
    async read<T>(albumId: string, key: string, load: () => Promise<T>, kind: AlbumReadKind = 'content'): Promise<T> {
      const entries = entriesOf(albumId);
      const kept = entries[kind];
      const fresh = kept.values.get(key);
      if (fresh && fresh.expiresAt > now()) return fresh.value as T;
      const running = kept.loading.get(key);
      if (running) return running as Promise<T>;

      const version = kept.version;
      const loading = load().then(
        (value) => {
          kept.loading.delete(key);
          if (albums.get(albumId) === entries && kept.version === version) {
            if (kept.values.size >= maxKeysPerAlbum) kept.values.delete(kept.values.keys().next().value!);
            kept.values.set(key, { value, expiresAt: now() + ttlMs });
          }
          return value;
        },
        (error: unknown) => {
          kept.loading.delete(key);
          throw error;
        },
      );
      kept.loading.set(key, loading);
      return loading;
    },

    invalidate(albumId: string, change: AlbumChange = 'album'): void {
      const entries = albums.get(albumId);
      if (!entries) return;
      forget(entries.content);
      if (change === 'album') forget(entries.pass);
    },

    clear(): void {
      // Loads in flight find their album gone and keep nothing.
      albums.clear();
    },
  };
}
