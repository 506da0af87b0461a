import { zipNames } from '@momentos/contract';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import type { RangedFile } from '../../platform/http/ranged-reply.js';
import type { ZipEntry } from '../../platform/zip/stored-zip.js';
import type { HostLinkSigner } from '../access/index.js';
import type { GuestAlbumRow } from '../../db/schema/index.js';
import { archiveFolders, type ArchiveSection } from './archive-folders.js';
import { assertZipAllowed, photoEntries, rangedArchive, sealedArchive, type AlbumZip } from './archive-layout.js';
import type { ArchiveRepository } from './archive.repository.js';
import type { ZipLayoutCache } from './zip-layout-cache.js';

export const DOWNLOAD_LINK_TTL_SECONDS = 6 * 3600;

const zipPath = (albumId: string) => `/api/events/${albumId}/download.zip`;

export type { AlbumZip };
export type AlbumZipLayouts = ZipLayoutCache<AlbumZip>;

/** The version a download link was made for, as its `v`: the archive's ETag without the quotes. */
export const linkEtagOf = (v: string | undefined) => (v ? `"${v}"` : undefined);

/**
 * Names what the archive holds: rows are only added (the newest upload moves) or deleted (the
 * count falls) and never change their original in place; the event name names every entry.
 */
const photoSetVersion = (photos: { count: number; newest: Date | null; bytes: number }, eventName: string) =>
  `${photos.count}:${photos.newest?.getTime() ?? 0}:${photos.bytes}:${eventName}`;

/** A part of the archive another module keeps (the guestbook's `mensajes/`). */
export interface AlbumArchivePart {
  /** Changes whenever `entries` would. */
  version(album: GuestAlbumRow): Promise<string>;
  entries(album: GuestAlbumRow): Promise<ZipEntry[]>;
}

/** The album's named sections in the host's order: a folder each inside `fotos/` and `videos/`. */
export type ArchiveSections = (albumId: string) => Promise<ArchiveSection[]>;

const sectionsVersion = (sections: ArchiveSection[]) =>
  sections.map((section) => `${section.id}=${section.name}`).join('|');

/** The whole-album download: its ZIP layout (exact size, ranges) and the signed link to it. */
export function createAlbumZipService({
  repo,
  blobStore,
  links,
  layouts,
  sections = () => Promise.resolve([]),
  parts = [],
}: {
  /** The album's photos (archive.repository.ts): the archive reads them and stores their CRC-32. */
  repo: ArchiveRepository;
  blobStore: BlobStore;
  links: HostLinkSigner;
  /** Layouts kept between the link, the download and its resumed ranges. */
  layouts: AlbumZipLayouts;
  sections?: ArchiveSections;
  parts?: AlbumArchivePart[];
}) {
  return {
    /**
     * The archive as a ranged file (exact size, any byte range streamed from the store) and its
     * name; `row` is the album as the access policy read it.
     */
    async albumZip(row: GuestAlbumRow): Promise<{ file: RangedFile; fileName: string }> {
      const layout = await albumZipOf(row);
      return { file: rangedArchive(layout), fileName: layout.fileName };
    },

    /**
     * A signed link to the archive as it is now: `v` names this version, so a resumed range of a
     * changed archive is refused instead of joining two archives' bytes (ranged-reply.ts). It is
     * left out of the signature: changing it only makes the holder's own resumes fail.
     */
    async downloadLink(row: GuestAlbumRow) {
      const { zip, etag } = await albumZipOf(row);
      const { url, expiresAt } = links.sign(zipPath(row.album.id), DOWNLOAD_LINK_TTL_SECONDS);
      const version = etag.slice(1, -1);
      return { url: `${url}&v=${version}`, expiresAt: expiresAt.toISOString(), bytes: zip.size };
    },
  };

  /**
   * The album's ZIP layout: photos in `fotos/` and videos in `videos/` (a folder per section when
   * the album has named sections), numbered in upload order, then the other parts (`mensajes/`),
   * stored uncompressed. Fails with a 403 naming the add-on when the plan lacks the download. Built
   * once per version: the link, the download and each resumed range then cost a few aggregate
   * queries, sent together, instead of every row.
   */
  async function albumZipOf(row: GuestAlbumRow): Promise<AlbumZip> {
    const { album, eventName } = row;
    assertZipAllowed(album.packageSnapshot);
    const [summary, others] = await Promise.all([repo.photoSetSummary(album.id), othersOf(row)]);
    const version = photoSetVersion(summary, eventName) + others.version;
    return layouts.layoutFor(album.id, version, async () => {
      const built = await buildZip(row, others.sections);
      // Read after the build: a message or section changed meanwhile gives another version, so
      // this layout is answered but not kept.
      return { layout: built.layout, version: built.version + (await othersOf(row)).version };
    });
  }

  /** The sections, and the version of what the archive holds besides photos: their names and the parts. */
  async function othersOf(row: GuestAlbumRow) {
    const [albumSections, partVersions] = await Promise.all([
      sections(row.album.id),
      Promise.all(parts.map((part) => part.version(row))),
    ]);
    return { sections: albumSections, version: ['', sectionsVersion(albumSections), ...partVersions].join('\n') };
  }

  /** The layout, and the version of the rows it was built from (differs if they changed since the summary). */
  async function buildZip(
    row: GuestAlbumRow,
    albumSections: ArchiveSection[],
  ): Promise<{ layout: AlbumZip; version: string }> {
    const { eventName } = row;
    const names = zipNames(eventName);
    const photos = await repo.allPhotos(row.album.id);
    const entries = await photoEntries(photos, {
      blobStore,
      repo,
      folderOf: archiveFolders(albumSections),
      entryName: names.entry,
    });
    for (const part of parts) entries.push(...(await part.entries(row)));
    const bytes = photos.reduce((total, photo) => total + photo.sizeBytes, 0);
    // The latest upload, as the summary's max(uploaded_at) reads it: the rows come in shot order, so
    // the last row is the last photo taken, not the last one sent, and the versions would never match.
    const newestMs = photos.reduce((latest, photo) => Math.max(latest, photo.uploadedAt.getTime()), 0);
    const summary = { count: photos.length, newest: photos.length ? new Date(newestMs) : null, bytes };
    return { layout: sealedArchive(entries, names.archive), version: photoSetVersion(summary, eventName) };
  }
}

export type AlbumZipService = ReturnType<typeof createAlbumZipService>;
