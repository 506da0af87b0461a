import { hashToken } from '../../platform/auth/tokens.js';
import type { AlbumReadCache } from '../albums/index.js';
import type { AlbumsRepository } from '../albums/index.js';
import type { GuestsRepository } from '../guests/index.js';

/**
 * The album and the guest passes the access policy reads, through the read cache, which forgets
 * them when they change (a hidden album, a removed guest).
 */
export function createGuestPasses(albums: AlbumsRepository, guests: GuestsRepository, cache: AlbumReadCache) {
  return {
    album: (albumId: string) => cache.read(albumId, 'album', () => albums.findAlbum(albumId), 'pass'),
    async guestByToken(albumId: string, token: string) {
      const tokenHash = hashToken(token);
      const guest = await cache.read(
        albumId,
        `guest:${tokenHash}`,
        () => guests.findGuestByTokenHash(tokenHash),
        'pass',
      );
      return guest && guest.albumId === albumId ? guest : undefined;
    },
  };
}
