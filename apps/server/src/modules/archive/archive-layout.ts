import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AlbumPhotoRow, PackageSnapshot } from '../../db/schema/index.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { AppError } from '../../platform/http/app-error.js';
import type { RangedFile } from '../../platform/http/ranged-reply.js';
import { storedBlobChecksum, storedBlobEntry } from '../../platform/zip/stored-blob-entry.js';
import { storedZip, type StoredZip, type ZipEntry } from '../../platform/zip/stored-zip.js';
import { hostFeatures } from '../customizations/index.js';
import type { ArchiveRepository } from './archive.repository.js';

/** An archive's layout: its exact bytes, the name it is saved under, and its strong ETag (quoted). */
export type AlbumZip = { zip: StoredZip; fileName: string; etag: string };

const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/** The plan's ZIP permission, asked on every request of the whole album's and a selection's archive. */
export function assertZipAllowed(snapshot: PackageSnapshot) {
  if (!hostFeatures(snapshot).zipDownload) {
    throw AppError.forbidden(
      'Downloading the whole album needs the album_download add-on ("Descarga ZIP") on Basic and Plus plans; Premium and Elite include it',
    );
  }
}

/**
 * The archive entries of these photos in their order, numbered from 1, as the stored originals (the
 * host's photos exactly as guests sent them, whatever the plan's watermark: PRODUCT.md, "Downloads").
 * A row made before CRC-32s were kept has its original read once and its CRC-32 saved.
 */
export async function photoEntries(
  photos: AlbumPhotoRow[],
  {
    blobStore,
    repo,
    folderOf,
    entryName,
  }: {
    blobStore: BlobStore;
    repo: Pick<ArchiveRepository, 'saveCrc32'>;
    folderOf: (photo: AlbumPhotoRow) => string;
    entryName: (n: number, ext: string) => string;
  },
): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  for (const [index, photo] of photos.entries()) {
    let crc = photo.originalCrc32;
    if (crc === null) {
      crc = (await storedBlobChecksum(blobStore, photo.originalKey)).crc32;
      await repo.saveCrc32(photo.id, 'original', crc);
    }
    const key = photo.originalKey;
    entries.push(
      storedBlobEntry(blobStore, key, {
        name: folderOf(photo) + entryName(index + 1, extOf(key)),
        size: photo.sizeBytes,
        crc32: crc,
        modified: photo.uploadedAt,
      }),
    );
  }
  return entries;
}

/**
 * The archive of these entries, with a strong ETag: its bytes follow from each entry's name, date,
 * size and CRC-32 in order, so a hash of those changes whenever any byte would.
 */
export function sealedArchive(entries: ZipEntry[], fileName: string): AlbumZip {
  const zip = storedZip(entries);
  const hash = createHash('sha256').update(`${fileName}\n${zip.size}\n`);
  for (const entry of entries) hash.update(`${entry.name}\0${entry.modified.getTime()}:${entry.size}:${entry.crc32}\n`);
  return { zip, fileName, etag: `"${hash.digest('base64url').slice(0, 22)}"` };
}

/** The archive as a ranged file: exact size, any byte range streamed from the store. */
export function rangedArchive({ zip, etag }: AlbumZip): RangedFile {
  const open = async (range?: { start: number; end: number }) => ({
    stream: Readable.from(zip.read(range?.start, range?.end), { objectMode: false, highWaterMark: 1 << 18 }),
  });
  return { size: zip.size, contentType: 'application/zip', etag, open };
}
