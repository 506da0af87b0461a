import { crc32 } from 'node:zlib';
import { safeFileStem } from '@momentos/contract';
import type { AlbumMessageRow, GuestAlbumRow } from '../../db/schema/index.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { storedBlobChecksum, storedBlobEntry } from '../../platform/zip/stored-blob-entry.js';
import type { ZipEntry } from '../../platform/zip/stored-zip.js';
import type { GuestbookRepository } from './guestbook.repository.js';
import { guestbookPage } from './guestbook-page.js';

/** The folder of the whole-album ZIP that holds the guestbook (PRODUCT.md "Guestbook and sections"). */
export const MESSAGES_FOLDER = 'mensajes/';
/** Inside it, the recordings as guests sent them, for voice notes that have an AAC copy beside the page. */
export const ORIGINALS_FOLDER = `${MESSAGES_FOLDER}originales/`;

const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/**
 * The guestbook's part of the whole-album ZIP: `mensajes/libro_de_firmas.html` (the approved
 * messages, oldest first, as the printable guestbook in the album detail shows them) and each voice
 * note beside it as `{eventName}_mensaje_{n}.m4a`, n being the message's place in the book: its AAC
 * copy, which the page, iPhones and QuickTime play. The recording as sent (the host's original,
 * often a WebM) goes under the same name in `mensajes/originales/`; a note without a copy (not made
 * yet, or never) is its recording beside the page instead. Nothing when the album has no messages.
 */
export function createGuestbookArchive({
  repo,
  blobStore,
}: {
  repo: Pick<GuestbookRepository, 'archive'>;
  blobStore: BlobStore;
}) {
  /** Size and CRC-32 of a voice note stored before they were recorded with it. */
  async function checksumOf(message: AlbumMessageRow & { voiceKey: string }) {
    if (message.voiceBytes !== null && message.voiceCrc32 !== null) {
      return { size: message.voiceBytes, crc32: message.voiceCrc32 };
    }
    const checksum = await storedBlobChecksum(blobStore, message.voiceKey);
    await repo.archive.saveVoiceChecksum(message.id, checksum.size, checksum.crc32);
    return checksum;
  }

  const voiceEntry = async (message: AlbumMessageRow & { voiceKey: string }, name: string) =>
    storedBlobEntry(blobStore, message.voiceKey, { name, ...(await checksumOf(message)), modified: message.createdAt });

  /** The note's AAC copy, if made; its size and CRC-32 were recorded with it, so the layout reads no file. */
  const copyOf = ({ voiceCopyKey: key, voiceCopyBytes: size, voiceCopyCrc32: crc32 }: AlbumMessageRow) =>
    key && size !== null && crc32 !== null ? { key, size, crc32 } : undefined;

  return {
    /** Changes whenever `entries` would: the messages, and the event's name, day and zone the page shows. */
    async version(album: GuestAlbumRow): Promise<string> {
      const messages = await repo.archive.version(album.album.id);
      return `${messages}:${album.eventName}:${album.eventDate ?? ''}:${album.timeZone}`;
    },

    async entries(album: GuestAlbumRow): Promise<ZipEntry[]> {
      const messages = await repo.archive.all(album.album.id);
      if (messages.length === 0) return [];
      const stem = safeFileStem(album.eventName);
      const voices: ZipEntry[] = [];
      const originals: ZipEntry[] = [];
      const pageMessages = [];
      for (const [index, message] of messages.entries()) {
        const { voiceKey, createdAt: modified } = message;
        const copy = copyOf(message);
        const fileOf = (key: string) => `${stem}_mensaje_${index + 1}.${extOf(key)}`;
        const voiceFile = voiceKey ? fileOf(copy?.key ?? voiceKey) : null;
        if (voiceKey && voiceFile) {
          const recording = { ...message, voiceKey };
          if (copy) {
            const { key, size, crc32: checksum } = copy;
            voices.push(
              storedBlobEntry(blobStore, key, { name: MESSAGES_FOLDER + voiceFile, size, crc32: checksum, modified }),
            );
            originals.push(await voiceEntry(recording, ORIGINALS_FOLDER + fileOf(voiceKey)));
          } else voices.push(await voiceEntry(recording, MESSAGES_FOLDER + voiceFile));
        }
        pageMessages.push({ ...message, voiceFile });
      }
      const html = Buffer.from(guestbookPage(album, pageMessages));
      const page: ZipEntry = {
        name: `${MESSAGES_FOLDER}libro_de_firmas.html`,
        size: html.length,
        crc32: crc32(html),
        modified: messages.at(-1)!.createdAt,
        open: async (start, end) => [html.subarray(start, end + 1)],
      };
      return [page, ...voices, ...originals];
    },
  };
}

export type GuestbookArchive = ReturnType<typeof createGuestbookArchive>;
