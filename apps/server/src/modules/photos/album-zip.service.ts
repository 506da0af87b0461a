import { crc32 } from 'node:zlib';
import type { AlbumPhotoRow, PackageSnapshot } from '../../db/schema/index.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { AppError } from '../../platform/http/app-error.js';
import { storedZip, type StoredZip, type ZipEntry } from '../../platform/zip/stored-zip.js';
import type { EventsRepository } from '../albums/host-albums.repository.js';
import { hostFeatures } from '../albums/host-features.js';
import type { HostLinkSigner } from '../access/signed-links.js';
import { zipNames } from './zip-names.js';

export const DOWNLOAD_LINK_TTL_SECONDS = 6 * 3600;

const albumNotFound = () => AppError.notFound('Album not found');
const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);
const zipPath = (albumId: string) => `/api/events/${albumId}/download.zip`;

/** The album if the caller owns it (events.service's check), else a 404. */
type OwnAlbum = (userId: string, albumId: string) => Promise<NonNullable<Awaited<ReturnType<EventsRepository['findAlbum']>>>>;

/** The whole-album download: its ZIP layout (exact size, ranges) and the signed link to it. */
export function createAlbumZipService({ repo, blobStore, links, ownAlbum }: { repo: EventsRepository; blobStore: BlobStore; links: HostLinkSigner; ownAlbum: OwnAlbum }) {
  /** Streams a stored original and stores its CRC-32: for rows made before the column existed. */
  const computeCrc = async (photo: AlbumPhotoRow) => {
    const blob = await blobStore.get(photo.originalKey);
    if (!blob) throw new Error(`Missing file ${photo.originalKey}`);
    let value = 0;
    for await (const chunk of blob.stream) value = crc32(chunk as Buffer, value);
    await repo.saveCrc32(photo.id, 'original', value);
    return value;
  };

  return {
    /**
     * The album's ZIP layout: every photo in upload order, stored uncompressed. Fails with a 403
     * naming the add-on when the plan lacks the download.
     */
    async albumZip(albumId: string, caller: { userId?: string; signed: { exp?: number; sig?: string } }) {
      const signedOk = links.verify(zipPath(albumId), caller.signed.exp, caller.signed.sig);
      if (!signedOk && !caller.userId) throw AppError.unauthorized('Sign in, or ask for a fresh download link');
      const found = signedOk ? await repo.findAlbum(albumId) : await ownAlbum(caller.userId!, albumId);
      if (!found) throw albumNotFound();
      return buildZip(found.album, found.customization.eventName);
    },

    async downloadLink(userId: string, albumId: string) {
      const { album, customization } = await ownAlbum(userId, albumId);
      const zip = await buildZip(album, customization.eventName);
      const { url, expiresAt } = links.sign(zipPath(albumId), DOWNLOAD_LINK_TTL_SECONDS);
      return { url, expiresAt: expiresAt.toISOString(), bytes: zip.zip.size };
    },
  };

  async function buildZip(album: { id: string; packageSnapshot: PackageSnapshot }, eventName: string): Promise<{ zip: StoredZip; fileName: string; etag: string }> {
    if (!hostFeatures(album.packageSnapshot).zipDownload) {
      throw AppError.forbidden('Downloading the whole album needs the album_download add-on ("Descarga ZIP") on Basic and Plus plans; Premium and Elite include it');
    }
    // The host's photos exactly as guests sent them, whatever the plan's watermark (PRODUCT.md,
    // "Downloads"): the watermark is only for what guests and the public see.
    const names = zipNames(eventName);
    const photos = await repo.allPhotos(album.id);
    const entries: ZipEntry[] = [];
    for (const [index, photo] of photos.entries()) {
      const crc = photo.originalCrc32 ?? (await computeCrc(photo));
      const key = photo.originalKey;
      entries.push({
        name: names.entry(index + 1, extOf(key)),
        size: photo.sizeBytes,
        crc32: crc,
        modified: photo.uploadedAt,
        async open(start, end) {
          const blob = await blobStore.get(key, { start, end });
          if (!blob) throw new Error(`Missing file ${key}`);
          return blob.stream;
        },
      });
    }
    const zip = storedZip(entries);
    // Same photos, same bytes: the ETag lets If-Range tell a resumed download it is still valid.
    let tag = crc32(`${names.archive}\n${zip.size}`);
    for (const entry of entries) tag = crc32(`${entry.name}:${entry.crc32}:${entry.size}\n`, tag);
    return { zip, fileName: names.archive, etag: `"${zip.size.toString(36)}-${tag.toString(36)}-${entries.length}"` };
  }
}
