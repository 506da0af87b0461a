import { ErrorCode } from '@momentos/contract';
import type { GuestAlbumRow } from '../../db/schema/index.js';
import { generateToken, hashToken } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/http/app-error.js';
import { guestAlbumView } from '../albums/index.js';
import type { GuestsRepository } from './guests.repository.js';
import { announcerOf, type AlbumChanges } from '../albums/index.js';

export interface GuestsServiceDeps {
  repo: GuestsRepository;
  changes?: AlbumChanges;
}

/** Finding an album by its code and joining it as a named guest. */
export function createGuestsService({ repo, changes }: GuestsServiceDeps) {
  const announce = announcerOf(changes, 'album');
  return {
    /** The album a code opened (the access policy's code gate found it). */
    viewOf(album: GuestAlbumRow) {
      return guestAlbumView(album);
    },

    /** A new guest token; each join is a distinct guest counted against the plan's guest limit. */
    async join(found: GuestAlbumRow, name: string) {
      const albumId = found.album.id;
      const guestToken = generateToken();
      const guest = await repo.addGuestWithinLimit(
        { albumId, name, tokenHash: hashToken(guestToken) },
        found.album.packageSnapshot.guestLimit,
      );
      if (!guest) throw new AppError(ErrorCode.GUEST_LIMIT_REACHED, 403, 'This album has reached its guest limit');
      return announce(albumId, { guestToken });
    },
  };
}

export type GuestsService = ReturnType<typeof createGuestsService>;
