import { zipNames } from '@momentos/contract';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { AppError } from '../../platform/http/app-error.js';
import type { HostLinkSigner } from '../access/index.js';
import type { GuestAlbumRow } from '../../db/schema/index.js';
import { archiveFolders } from './archive-folders.js';
import { assertZipAllowed, photoEntries, rangedArchive, sealedArchive } from './archive-layout.js';
import { DOWNLOAD_LINK_TTL_SECONDS, type ArchiveSections } from './album-zip.service.js';
import type { ArchiveRepository } from './archive.repository.js';
import { decodeSelection, digestOf, encodeSelection } from './selection-token.js';

export const selectionZipPath = (albumId: string, digest: string) =>
  `/api/events/${albumId}/selections/${digest}/download.zip`;

const noneInAlbum = () => AppError.notFound('None of these photos is in this album');

/**
 * The host's download of chosen photos: their originals in one ZIP laid out as the whole album's
 * (`fotos/`, `videos/`, a folder per section), numbered 1… in the order they were taken, without
 * the guestbook. Same plan permission, signed link, exact size, ranges and ETag as the whole album;
 * the layout is built per request (at most SELECTION_ZIP_MAX rows, one query), not kept.
 */
export function createSelectionZipService({
  repo,
  blobStore,
  links,
  sections = () => Promise.resolve([]),
}: {
  repo: ArchiveRepository;
  blobStore: BlobStore;
  links: HostLinkSigner;
  sections?: ArchiveSections;
}) {
  async function layoutOf(row: GuestAlbumRow, photoIds: string[]) {
    assertZipAllowed(row.album.packageSnapshot);
    const [photos, albumSections] = await Promise.all([
      repo.photosByIds(row.album.id, photoIds),
      sections(row.album.id),
    ]);
    if (photos.length === 0) throw noneInAlbum();
    const names = zipNames(row.eventName);
    const entries = await photoEntries(photos, {
      blobStore,
      repo,
      folderOf: archiveFolders(albumSections),
      entryName: names.entry,
    });
    return { layout: sealedArchive(entries, names.selection), photos };
  }

  return {
    /**
     * A signed link to the chosen photos' archive as it is now. Ids not in the album are left out and
     * reported, like unknown ones; `v` names this version, as the whole album's link does.
     */
    async selectionLink(row: GuestAlbumRow, photoIds: string[]) {
      const ids = [...new Set(photoIds)];
      const { layout, photos } = await layoutOf(row, ids);
      const found = new Set(photos.map((photo) => photo.id));
      const { s, digest } = encodeSelection(photos.map((photo) => photo.id));
      const { url, expiresAt } = links.sign(selectionZipPath(row.album.id, digest), DOWNLOAD_LINK_TTL_SECONDS);
      return {
        url: `${url}&s=${s}&v=${layout.etag.slice(1, -1)}`,
        expiresAt: expiresAt.toISOString(),
        bytes: layout.zip.size,
        fileName: layout.fileName,
        count: photos.length,
        notFound: ids.filter((id) => !found.has(id)),
      };
    },

    /** The archive of the ids `s` carries, which must be the ones the path's digest names. */
    async selectionZip(row: GuestAlbumRow, digest: string, s: string) {
      const ids = digestOf(s) === digest ? decodeSelection(s) : undefined;
      if (!ids) throw noneInAlbum();
      const { layout } = await layoutOf(row, ids);
      return { file: rangedArchive(layout), fileName: layout.fileName };
    },
  };
}

export type SelectionZipService = ReturnType<typeof createSelectionZipService>;
