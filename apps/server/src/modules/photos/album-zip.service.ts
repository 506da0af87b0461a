import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { zipNames } from '@momentos/contract';
import type { AlbumPhotoRow } from '../../db/schema/index.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { AppError } from '../../platform/http/app-error.js';
import type { RangedFile } from '../../platform/http/ranged-reply.js';
import { storedBlobChecksum, storedBlobEntry } from '../../platform/zip/stored-blob-entry.js';
import { storedZip, type StoredZip, type ZipEntry } from '../../platform/zip/stored-zip.js';
import type { HostLinkSigner } from '../access/index.js';
import type { GuestAlbumRow } from '../albums/index.js';
import { hostFeatures } from '../customizations/index.js';
import { archiveFolders, type ArchiveSection } from './archive-folders.js';
import type { HostPhotosRepository } from './host-photos.repository.js';
import type { ZipLayoutCache } from './zip-layout-cache.js';

export const DOWNLOAD_LINK_TTL_SECONDS = 6 * 3600;

const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);
const zipPath = (albumId: string) => `/api/events/${albumId}/download.zip`;

/** An archive's layout: its exact bytes, the name it is saved under, and its strong ETag (quoted). */
export type AlbumZip = { zip: StoredZip; fileName: string; etag: string };
export type AlbumZipLayouts = ZipLayoutCache<AlbumZip>;

/** The version a download link was made for, as its `v`: the archive's ETag without the quotes. */
export const linkEtagOf = (v: string | undefined) => (v ? `"${v}"` : undefined);

/**
 * Names what the archive holds: rows are only added (the newest upload moves) or deleted (the
 * count falls) and never change their original in place; the event name names every entry.
 */
const photoSetVersion = (photos: { count: number; newest: Date | null; bytes: number }, eventName: string) =>
  `${photos.count}:${photos.newest?.getTime() ?? 0}:${photos.bytes}:${eventName}`;

/** The album and its event (the access policy has already let the caller in), else a 404. */
type AlbumById = (albumId: string) => Promise<GuestAlbumRow>;

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
  albumById,
  layouts,
  sections = () => Promise.resolve([]),
  parts = [],
}: {
  /** The album's photos (photos.repository.ts): the archive reads them and stores their CRC-32. */
  repo: HostPhotosRepository;
  blobStore: BlobStore;
  links: HostLinkSigner;
  albumById: AlbumById;
  /** Layouts kept between the link, the download and its resumed ranges. */
  layouts: AlbumZipLayouts;
  sections?: ArchiveSections;
  parts?: AlbumArchivePart[];
}) {
  /** Streams a stored original and stores its CRC-32: for rows made before the column existed. */
  const computeCrc = async (photo: AlbumPhotoRow) => {
    const { crc32: value } = await storedBlobChecksum(blobStore, photo.originalKey);
    await repo.saveCrc32(photo.id, 'original', value);
    return value;
  };

  return {
    /** The archive as a ranged file (exact size, any byte range streamed from the store) and its name. */
    async albumZip(albumId: string): Promise<{ file: RangedFile; fileName: string }> {
      const { zip, fileName, etag } = await albumZipOf(await albumById(albumId));
      const open = async (range?: { start: number; end: number }) => ({
        stream: Readable.from(zip.read(range?.start, range?.end), { objectMode: false, highWaterMark: 1 << 18 }),
      });
      return { file: { size: zip.size, contentType: 'application/zip', etag, open }, fileName };
    },

    /**
     * A signed link to the archive as it is now: `v` names this version, so a resumed range of a
     * changed archive is refused instead of joining two archives' bytes (ranged-reply.ts). It is
     * left out of the signature: changing it only makes the holder's own resumes fail.
     */
    async downloadLink(albumId: string) {
      const { zip, etag } = await albumZipOf(await albumById(albumId));
      const { url, expiresAt } = links.sign(zipPath(albumId), DOWNLOAD_LINK_TTL_SECONDS);
      const version = etag.slice(1, -1);
      return { url: `${url}&v=${version}`, expiresAt: expiresAt.toISOString(), bytes: zip.size };
    },
  };

  /**
   * The album's ZIP layout: photos in `fotos/` and videos in `videos/` (a folder per section when
   * the album has named sections), numbered in upload order, then the other parts (`mensajes/`),
   * stored uncompressed. Fails with a 403 naming the add-on when the plan lacks the download. Built
   * once per version: the link, the download and each resumed range then cost a few aggregate
   * queries instead of every row.
   */
  async function albumZipOf(row: GuestAlbumRow): Promise<AlbumZip> {
    const { album, eventName } = row;
    if (!hostFeatures(album.packageSnapshot).zipDownload) {
      throw AppError.forbidden(
        'Downloading the whole album needs the album_download add-on ("Descarga ZIP") on Basic and Plus plans; Premium and Elite include it',
      );
    }
    const [summary, albumSections] = await Promise.all([repo.photoSetSummary(album.id), sections(album.id)]);
    const version = photoSetVersion(summary, eventName) + (await othersVersion(row, albumSections));
    return layouts.layoutFor(album.id, version, async () => {
      const built = await buildZip(row, albumSections);
      // Read after the build: a message or section changed meanwhile gives another version, so
      // this layout is answered but not kept.
      const others = await othersVersion(row, await sections(album.id));
      return { layout: built.layout, version: built.version + others };
    });
  }

  /** The version of what the archive holds besides photos: the sections' names and the parts. */
  async function othersVersion(row: GuestAlbumRow, albumSections: ArchiveSection[]) {
    const partVersions = await Promise.all(parts.map((part) => part.version(row)));
    return ['', sectionsVersion(albumSections), ...partVersions].join('\n');
  }

  /** The layout, and the version of the rows it was built from (differs if they changed since the summary). */
  async function buildZip(
    row: GuestAlbumRow,
    albumSections: ArchiveSection[],
  ): Promise<{ layout: AlbumZip; version: string }> {
    const albumId = row.album.id;
    const { eventName } = row;
    const folderOf = archiveFolders(albumSections);
    // The host's photos exactly as guests sent them, whatever the plan's watermark (PRODUCT.md,
    // "Downloads"): the watermark is only for what guests and the public see.
    const names = zipNames(eventName);
    const photos = await repo.allPhotos(albumId);
    const entries: ZipEntry[] = [];
    for (const [index, photo] of photos.entries()) {
      const crc = photo.originalCrc32 ?? (await computeCrc(photo));
      const key = photo.originalKey;
      entries.push(
        storedBlobEntry(blobStore, key, {
          name: folderOf(photo) + names.entry(index + 1, extOf(key)),
          size: photo.sizeBytes,
          crc32: crc,
          modified: photo.uploadedAt,
        }),
      );
    }
    for (const part of parts) entries.push(...(await part.entries(row)));
    const zip = storedZip(entries);
    // A strong ETag: the archive's bytes follow from each entry's name, date, size and CRC-32 in
    // order, so a hash of those changes whenever any byte would.
    const hash = createHash('sha256').update(`${names.archive}\n${zip.size}\n`);
    for (const entry of entries)
      hash.update(`${entry.name}\0${entry.modified.getTime()}:${entry.size}:${entry.crc32}\n`);
    const etag = `"${hash.digest('base64url').slice(0, 22)}"`;
    const bytes = photos.reduce((total, photo) => total + photo.sizeBytes, 0);
    const summary = { count: photos.length, newest: photos.at(-1)?.uploadedAt ?? null, bytes };
    return { layout: { zip, fileName: names.archive, etag }, version: photoSetVersion(summary, eventName) };
  }
}
