/**
 * The host's ZIP layouts (entries, sizes, offsets, ETag), one per album, so that the download link,
 * the download and every resumed range share one computation instead of reading every photo row
 * each time. A layout is kept under its album's photo-set version (album-zip.service.ts): any
 * change to what the archive holds gives a new version, and the next request builds afresh. Each
 * server keeps its own; the version is read from the database, so no change notice is needed.
 */
export interface ZipLayoutCache<T> {
  /**
   * The album's layout at `version`: the kept one while the version holds, else `build`'s (once for
   * concurrent callers). `build` says which version it read; a layout of another version (the
   * album changed in between) is answered but not kept, so it can never pass for `version`.
   */
  layoutFor(albumId: string, version: string, build: () => Promise<{ layout: T; version: string }>): Promise<T>;
  /** Layouts built so far: the work the cache saves is the requests minus this (read by tests). */
  readonly builds: number;
}

/** `maxAlbums` bounds the memory: the album whose layout was used least recently is dropped first. */
export function createZipLayoutCache<T>({ maxAlbums }: { maxAlbums: number }): ZipLayoutCache<T> {
  const kept = new Map<string, { version: string; layout: Promise<T> }>();
  let builds = 0;
  return {
    get builds() {
      return builds;
    },
    layoutFor(albumId, version, build) {
      const hit = kept.get(albumId);
      kept.delete(albumId);
      if (hit?.version === version) {
        kept.set(albumId, hit);
        return hit.layout;
      }
      builds += 1;
      const forget = () => kept.get(albumId) === entry && kept.delete(albumId);
      const entry = {
        version,
        layout: build().then(
          (built) => {
            if (built.version !== version) forget();
            return built.layout;
          },
          (error: unknown) => {
            // A failed build is not kept: the next request tries again.
            forget();
            throw error;
          },
        ),
      };
      if (kept.size >= maxAlbums) kept.delete(kept.keys().next().value!);
      kept.set(albumId, entry);
      return entry.layout;
    },
  };
}
