import type { AlbumGuestRow } from '../../db/schema/index.js';
import { hashToken } from '../../platform/auth/tokens.js';
import type { AlbumReadCache } from '../albums/index.js';
import type { GuestsRepository } from './guests.repository.js';

/**
 * The guest pass a token holds in an album, for the access policy, through the read cache, which
 * forgets it when the album's guests change (a removed guest).
 */
export function guestPassReader(guests: Pick<GuestsRepository, 'findGuestByTokenHash'>, cache: AlbumReadCache) {
  return async (albumId: string, token: string): Promise<AlbumGuestRow | undefined> => {
    const tokenHash = hashToken(token);
    const guest = await cache.read(albumId, `guest:${tokenHash}`, () => guests.findGuestByTokenHash(tokenHash), 'pass');
    return guest && guest.albumId === albumId ? guest : undefined;
  };
}
