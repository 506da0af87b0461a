import type { EventMessages, MessageModerationRequest, MessageState } from '@momentos/contract';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import type { GuestAlbumRow } from '../../db/schema/index.js';
import { announcerOf, type AlbumChanges } from '../albums/index.js';
import type { GuestbookRepository } from './guestbook.repository.js';
import { messageView, type MediaSigner } from './guestbook.service.js';
import { messageNotFound } from './message-policy.js';

export interface HostGuestbookDeps {
  repo: GuestbookRepository;
  blobStore: BlobStore;
  signer: MediaSigner;
  /** Moderation and deletions change what guests' cached pages show. */
  changes?: AlbumChanges;
}

/** The state a moderation request leaves a message in; `hidden: false` only brings back a hidden one. */
function stateAfter(current: MessageState, request: MessageModerationRequest): MessageState {
  if (request.approve) return 'approved';
  if (request.hidden) return 'hidden';
  return current === 'hidden' ? 'approved' : current;
}

/**
 * The host's side of the guestbook: every message in every state, moderation and deletion. The
 * access policy let only the album's owner in, so nothing here checks who asks.
 */
export function createHostGuestbookService({ repo, blobStore, signer, changes }: HostGuestbookDeps) {
  const announce = announcerOf(changes, 'content');
  const messageById = async (albumId: string, messageId: string) =>
    (await repo.findInAlbum(albumId, messageId)) ?? Promise.reject(messageNotFound());

  return {
    async list(album: GuestAlbumRow, page: number, pageSize: number, state?: MessageState): Promise<EventMessages> {
      const albumId = album.album.id;
      const [rows, counts] = await Promise.all([
        repo.listMessages(albumId, state, page, pageSize),
        repo.countsByState(albumId),
      ]);
      const totalCount = state ? counts[state] : counts.approved + counts.pending + counts.hidden;
      return {
        // The owner's own URLs: they keep playing a message the host hid, which guests' do not.
        items: rows.map((row) => ({ ...messageView(row, signer, 'owner'), status: row.status })),
        totalCount,
        counts,
        limit: album.album.packageSnapshot.messageLimit,
      };
    },

    /** Hides, shows again or approves a message; idempotent, so a retried tap changes nothing more. */
    async moderate(albumId: string, messageId: string, request: MessageModerationRequest) {
      const message = await messageById(albumId, messageId);
      const status = stateAfter(message.status, request);
      if (status !== message.status && !(await repo.setStatus(albumId, messageId, status))) throw messageNotFound();
      return announce(albumId, { id: messageId, status });
    },

    /** Deletes the message, then its voice note; the plan's count has room for one more. */
    async remove(albumId: string, messageId: string) {
      const row = await repo.deleteMessage(albumId, messageId);
      if (!row) throw messageNotFound();
      if (row.voiceKey) await blobStore.deleteAll(`albums/${albumId}/messages/${messageId}/`);
      announce(albumId, undefined);
    },
  };
}

export type HostGuestbookService = ReturnType<typeof createHostGuestbookService>;
