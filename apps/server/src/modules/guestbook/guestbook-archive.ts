import { crc32 } from 'node:zlib';
import { safeFileStem } from '@momentos/contract';
import type { AlbumMessageRow } from '../../db/schema/index.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { storedBlobChecksum, storedBlobEntry } from '../../platform/zip/stored-blob-entry.js';
import type { ZipEntry } from '../../platform/zip/stored-zip.js';
import type { GuestAlbumRow } from '../albums/index.js';
import type { GuestbookRepository } from './guestbook.repository.js';
import { guestbookPage } from './guestbook-page.js';

/** The folder of the whole-album ZIP that holds the guestbook (PRODUCT.md "Guestbook and sections"). */
export const MESSAGES_FOLDER = 'mensajes/';

const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/**
 * The guestbook's part of the whole-album ZIP: `mensajes/libro_de_firmas.html` (the approved
 * messages, oldest first, as the printable guestbook in the album detail shows them) and each voice
 * note beside it as `{eventName}_mensaje_{n}.{ext}`, n being the message's place in the book.
 * Nothing when the album has no such messages.
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
    storedBlobEntry(blobStore, message.voiceKey, {
      name: MESSAGES_FOLDER + name,
      ...(await checksumOf(message)),
      modified: message.createdAt,
    });

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
      const pageMessages = [];
      for (const [index, message] of messages.entries()) {
        const { voiceKey } = message;
        const voiceFile = voiceKey ? `${stem}_mensaje_${index + 1}.${extOf(voiceKey)}` : null;
        if (voiceKey && voiceFile) voices.push(await voiceEntry({ ...message, voiceKey }, voiceFile));
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
      return [page, ...voices];
    },
  };
}

export type GuestbookArchive = ReturnType<typeof createGuestbookArchive>;
