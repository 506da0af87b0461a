import { ErrorCode } from '@momentos/contract';
import type { PackageSnapshot } from '../../db/schema/index.js';
import { hashToken } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/http/app-error.js';
import type { GuestAlbumRow, GuestsRepository } from '../guests/guests.repository.js';
import type { AlbumGuestRow } from '../../db/schema/index.js';
import type { AlbumReadCache } from '../albums/album-read-cache.js';
import { albumNotFound, type AlbumCodeGate } from './album-code-gate.js';

export interface GuestCredentials {
  guestToken?: string;
  albumCode?: string;
  /** The caller's address, which wrong album codes are counted against. */
  clientIp: string;
}

export interface Reader {
  album: GuestAlbumRow;
  /** Absent when the caller holds only the album code. */
  guest?: AlbumGuestRow;
}

const denied = () => new AppError(ErrorCode.ALBUM_ACCESS_DENIED, 403, 'This guest pass or code is not valid for this album');
const tokenRequired = () => new AppError(ErrorCode.GUEST_TOKEN_REQUIRED, 401, 'Join the album with its code first (X-Guest-Token)');

export function uploadsOpen(snapshot: PackageSnapshot, now = new Date()): boolean {
  return snapshot.validUntil === null || new Date(snapshot.validUntil) > now;
}

/**
 * Who may read or write an album: a guest token of that album, or (to read) its access code, which
 * only the code gate checks.
 * The album and the passes come through the read cache, which forgets them when they change.
 */
export function createGuestAccess(repo: GuestsRepository, cache: AlbumReadCache, codeGate: AlbumCodeGate) {
  const album = async (albumId: string) => (await cache.read(albumId, 'album', () => repo.findAlbum(albumId))) ?? Promise.reject(albumNotFound());
  const guestOf = async (albumId: string, token: string) => {
    const tokenHash = hashToken(token);
    const guest = await cache.read(albumId, `guest:${tokenHash}`, () => repo.findGuestByTokenHash(tokenHash));
    if (!guest || guest.albumId !== albumId) throw denied();
    return guest;
  };
  return {
    async reader(albumId: string, { guestToken, albumCode, clientIp }: GuestCredentials): Promise<Reader> {
      if (guestToken) {
        const found = await album(albumId);
        return { album: found, guest: await guestOf(albumId, guestToken) };
      }
      if (!albumCode) throw tokenRequired();
      const found = await codeGate.verify({ code: albumCode, clientIp, albumId });
      if (!found) throw denied();
      return { album: found };
    },
    async writer(albumId: string, guestToken: string | undefined): Promise<Required<Reader>> {
      if (!guestToken) throw tokenRequired();
      const found = await album(albumId);
      return { album: found, guest: await guestOf(albumId, guestToken) };
    },
  };
}

export type GuestAccess = ReturnType<typeof createGuestAccess>;
