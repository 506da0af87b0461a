import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import { guestStatusOf, VOICE_NOTE_MAX_BYTES, VOICE_NOTE_MAX_SECONDS, type GuestMessages } from '@momentos/contract';
import type { AlbumMessageRow, GuestAlbumRow } from '../../db/schema/index.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { checkAudio } from '../../platform/media/audio-probe.js';
import { createGuestCopies } from '../../platform/media/guest-copies.js';
import { AUDIO, sniffAudioFile } from '../../platform/media/audio-type.js';
import { VOICE_COPY } from '../../platform/media/voice-transcode.js';
import type { RangedFile } from '../../platform/http/ranged-reply.js';
import { announcerOf, type AlbumChanges, type AlbumReadCache } from '../albums/index.js';
import type { Grant, GuestPass } from '../access/index.js';
import type { GuestbookRepository } from './guestbook.repository.js';
import {
  checkMessageAllowed,
  checkVoiceLength,
  emptyVoiceNote,
  messageAdmission,
  messageNotFound,
  missingText,
  unsupportedVoiceNote,
  voiceNoteTooLarge,
} from './message-policy.js';
import type { MessageInput } from './message-reading.js';
import type { VoiceNoteCopies } from './voice-note-copies.js';

/** Signs media paths served by `album-reader-or-link` routes (the access module's rendition signer). */
export interface MediaSigner {
  sign(path: string, options?: { audience?: 'guest' | 'owner' }): string;
}

export interface GuestbookDeps {
  repo: GuestbookRepository;
  blobStore: BlobStore;
  signer: MediaSigner;
  /** Guests' pages of the public guestbook, dropped when the album's rows change. */
  cache: AlbumReadCache;
  /** A stored message changes the album's cached pages. */
  changes?: AlbumChanges;
  /** Runs the voice note's probe within the server's media processing bound. */
  runInSlot: <T>(task: () => Promise<T>) => Promise<T>;
  ffprobePath: string;
  /** Queues each stored voice note's AAC copy. */
  voiceCopies: Pick<VoiceNoteCopies, 'queueFor' | 'wakeWorkers'>;
}

/** The recording as sent (guests: without its tags), and its AAC copy once made. */
export const voicePath = (albumId: string, messageId: string) => `/api/albums/${albumId}/messages/${messageId}/voice`;
export const voiceCopyPath = (albumId: string, messageId: string) => `${voicePath(albumId, messageId)}.m4a`;
const folderOf = (albumId: string, messageId: string) => `albums/${albumId}/messages/${messageId}/`;

/**
 * A message as the list shows it; the voice URL is signed for the audience it is listed to. It is
 * the AAC copy once made (every player plays it and knows its length), the recording until then:
 * two paths, so a URL never changes its bytes under a player's cache.
 */
export function messageView(row: AlbumMessageRow, signer: MediaSigner, audience: 'guest' | 'owner') {
  const copied = row.voiceCopyKey !== null;
  const path = (copied ? voiceCopyPath : voicePath)(row.albumId, row.id);
  return {
    id: row.id,
    authorName: row.authorName,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    voiceUrl: row.voiceKey ? signer.sign(path, { audience }) : null,
    voiceType: row.voiceKey ? (copied ? VOICE_COPY.mime : row.voiceMime) : null,
    voiceDurationMs: row.voiceDurationMs,
  };
}

/**
 * The guests' side of the guestbook: leaving a message (words, and a voice note where the plan
 * allows), reading the public guestbook, and playing its voice notes. The voice note is judged by
 * its bytes and written before the row, and removed again if the row is refused, as photo uploads
 * do (photo-upload.service.ts), so no row points at a missing file.
 */
export function createGuestbookService({
  repo,
  blobStore,
  signer,
  cache,
  changes,
  runInSlot,
  ffprobePath,
  voiceCopies,
}: GuestbookDeps) {
  const announce = announcerOf(changes, 'content');
  const probe = { ffprobePath, scanSeconds: VOICE_NOTE_MAX_SECONDS + 2 };
  const guestCopies = createGuestCopies(blobStore);

  /** Checks the received voice note (emptiness, type by bytes, size, sound, length) and stores it. */
  async function storeVoice(albumId: string, messageId: string, voice: NonNullable<MessageInput['voice']>) {
    if (voice.size === 0) throw emptyVoiceNote();
    if (voice.size > VOICE_NOTE_MAX_BYTES) throw voiceNoteTooLarge();
    const type = await sniffAudioFile(voice.path);
    if (!type) throw unsupportedVoiceNote();
    const { playable, durationMs } = await runInSlot(() => checkAudio(voice.path, type, probe));
    if (!playable) throw unsupportedVoiceNote();
    checkVoiceLength(durationMs);
    const key = `${folderOf(albumId, messageId)}voice.${AUDIO[type].ext}`;
    await blobStore.putFile(key, voice.path, AUDIO[type].mime);
    const stored = { voiceBytes: voice.size, voiceCrc32: voice.crc32 };
    return { voiceKey: key, voiceMime: AUDIO[type].mime, voiceDurationMs: durationMs ?? null, ...stored };
  }

  return {
    /** Stores a guest's message (and always removes the staged voice note). */
    async post({ album, guest }: GuestPass, input: MessageInput) {
      const albumId = album.album.id;
      try {
        checkMessageAllowed(album.album.packageSnapshot, Boolean(input.voice));
        if (!input.text && !input.voice) throw missingText();
        const id = randomUUID();
        const removeWritten = () => blobStore.deleteAll(folderOf(albumId, id)).catch(() => undefined);
        let inserted = false;
        try {
          const voice = input.voice ? await storeVoice(albumId, id, input.voice) : undefined;
          const result = await repo.insertWithinLimits(
            {
              id,
              albumId,
              guestId: guest.id,
              authorName: input.authorName ?? guest.name,
              text: input.text,
              status: album.enableVerification ? 'pending' : 'approved',
              ...voice,
            },
            messageAdmission(new Date()),
            async (tx, message) => {
              if (message.voiceKey) await voiceCopies.queueFor(tx, message.id);
            },
          );
          if (result.kind === 'refused') throw result.refusal;
          inserted = true;
          if (voice) await voiceCopies.wakeWorkers();
          return announce(albumId, { id, status: guestStatusOf(result.message.status) });
        } catch (error) {
          // Once the row exists the file is the message's, whatever failed after.
          if (!inserted && input.voice) await removeWritten();
          throw error;
        }
      } finally {
        if (input.voice) await fsp.rm(input.voice.path, { force: true });
      }
    },

    /** The public guestbook: approved messages, newest first; nothing while the host keeps it private. */
    async list(album: GuestAlbumRow, page: number, pageSize: number): Promise<GuestMessages> {
      const voiceNotes = album.album.packageSnapshot.voiceNotes;
      if (!album.enablePublicGuestbook) return { visible: false, voiceNotes, items: [], totalCount: 0 };
      const albumId = album.album.id;
      return cache.read(albumId, `messages:${page}:${pageSize}`, async () => {
        const [rows, totalCount] = await Promise.all([
          repo.listMessages(albumId, 'approved', page, pageSize),
          repo.countMessages(albumId, 'approved'),
        ]);
        return { visible: true, voiceNotes, items: rows.map((row) => messageView(row, signer, 'guest')), totalCount };
      });
    },

    /**
     * A voice note for a signed URL or the guest headers: the recording, or with `copy` its AAC copy
     * (404 until made). Guests (their URLs and headers) hear only approved messages of a public
     * guestbook, so hiding one or closing the guestbook stops URLs already given out; the owner's
     * URLs play every state, and only they the recording as it was sent: guests hear it without its
     * location and device tags (PRODUCT.md, "Trust"). The copy was made without any.
     */
    async voice(
      params: { albumId: string; messageId: string },
      grant: Grant,
      which: 'recording' | 'copy' = 'recording',
    ): Promise<RangedFile> {
      const message = await repo.findInAlbum(params.albumId, params.messageId);
      const forGuests = grant.viaLink !== 'owner';
      const shown = message?.status === 'approved' && grant.album?.enablePublicGuestbook === true;
      if (!message?.voiceKey || (forGuests && !shown)) throw messageNotFound();
      const mime = which === 'copy' ? VOICE_COPY.mime : (message.voiceMime ?? 'application/octet-stream');
      // Guests' recording is its copy without tags, made at their first request (guest-copies.ts).
      const key =
        which === 'copy'
          ? message.voiceCopyKey
          : forGuests
            ? await guestCopies.keyFor(message.voiceKey, mime)
            : message.voiceKey;
      if (!key) throw messageNotFound();
      const whole = await blobStore.get(key);
      if (!whole) throw messageNotFound();
      whole.stream.destroy();
      return {
        size: whole.size,
        contentType: mime,
        open: async (range) => (await blobStore.get(key, range)) ?? Promise.reject(messageNotFound()),
      };
    },
  };
}

export type GuestbookService = ReturnType<typeof createGuestbookService>;
