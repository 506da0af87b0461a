import { ErrorCode } from '@momentos/contract';
import { generateToken, hashToken } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/http/app-error.js';
import { albumNotFound, type AlbumCodeGate } from '../access/album-code-gate.js';
import { guestAlbumView } from '../albums/guest-album-view.js';
import type { GuestsRepository } from './guests.repository.js';

export interface GuestsServiceDeps {
  repo: GuestsRepository;
  codeGate: AlbumCodeGate;
}

/** Finding an album by its code and joining it as a named guest. */
export function createGuestsService({ repo, codeGate }: GuestsServiceDeps) {
  return {
    /** The album a code opens; the code gate counts wrong codes and refuses while a budget is spent. */
    async findByCode(accessCode: string, clientIp: string) {
      const found = await codeGate.verify({ code: accessCode, clientIp });
      if (!found) throw albumNotFound();
      return guestAlbumView(found);
    },

    /** A new guest token; each join is a distinct guest counted against the plan's guest limit. */
    async join(albumId: string, name: string, accessCode: string, clientIp: string) {
      const found = await codeGate.verify({ code: accessCode, clientIp, albumId });
      if (!found) throw new AppError(ErrorCode.INVALID_ACCESS_CODE, 403, 'The access code does not belong to this album');
      const guestToken = generateToken();
      const guest = await repo.addGuestWithinLimit({ albumId, name, tokenHash: hashToken(guestToken) }, found.album.packageSnapshot.guestLimit);
      if (!guest) throw new AppError(ErrorCode.GUEST_LIMIT_REACHED, 403, 'This album has reached its guest limit');
      return { guestToken };
    },
  };
}

export type GuestsService = ReturnType<typeof createGuestsService>;
