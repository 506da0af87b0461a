import { ErrorCode } from '@momentos/contract';
import { generateToken, hashToken } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/http/app-error.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import { albumNotFound, uploadsOpen } from './guest-access.js';
import type { AlbumReadCache } from './album-read-cache.js';
import type { GuestAlbumRow, GuestsRepository } from './guests.repository.js';

export interface GuestsServiceDeps {
  repo: GuestsRepository;
  rateLimiter: RateLimiter;
  codeLookupsPerMinute: number;
  cache: AlbumReadCache;
}

/** Codes remembered at most; an album's code never changes, so a remembered one stays right. */
const MAX_REMEMBERED_CODES = 20_000;

/** Finding an album by its code and joining it as a named guest. */
export function createGuestsService({ repo, rateLimiter, codeLookupsPerMinute, cache }: GuestsServiceDeps) {
  const albumIdByCode = new Map<string, string>();

  const albumOfCode = async (accessCode: string): Promise<GuestAlbumRow | undefined> => {
    const albumId = albumIdByCode.get(accessCode);
    if (albumId) {
      const found = await cache.read(albumId, 'album', () => repo.findAlbum(albumId));
      if (found) return found;
      albumIdByCode.delete(accessCode);
      return undefined;
    }
    const found = await repo.findAlbumByCode(accessCode);
    if (!found) return undefined;
    if (albumIdByCode.size >= MAX_REMEMBERED_CODES) albumIdByCode.clear();
    albumIdByCode.set(accessCode, found.album.id);
    return found;
  };

  return {
    /**
     * Rate limited per client address, on wrong codes only: a million codes must not be walkable,
     * but a hundred guests behind one venue's address opening the right code are not guessing.
     * Each look-up takes a slot before it looks and gives it back when the code was right, so
     * many look-ups in flight at once cannot test more codes than the limit.
     */
    async findByCode(accessCode: string, clientIp: string) {
      const key = `album-code:ip:${clientIp}`;
      const limit = await rateLimiter.hit(key, codeLookupsPerMinute, 60);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.retryAfterSeconds);
      let found: GuestAlbumRow | undefined;
      let isWrongCode = false;
      try {
        found = await albumOfCode(accessCode);
        isWrongCode = !found;
      } finally {
        // The slot is kept only for a wrong code; a failed give-back costs one slot, never the answer.
        if (!isWrongCode) await rateLimiter.hit(key, codeLookupsPerMinute, 60, -1).catch(() => undefined);
      }
      if (!found) throw albumNotFound();
      return { id: found.album.id, name: found.eventName, eventDate: found.eventDate ?? '', uploadsOpen: uploadsOpen(found.album.packageSnapshot), videosAllowed: found.album.packageSnapshot.videoLimit !== 0, fontFamily: found.fontType ?? 'Arial' };
    },

    /** A new guest token; each join is a distinct guest counted against the plan's guest limit. */
    async join(albumId: string, name: string, accessCode: string) {
      const found = await repo.findAlbum(albumId);
      if (!found) throw albumNotFound();
      if (found.album.accessCode !== accessCode) {
        throw new AppError(ErrorCode.INVALID_ACCESS_CODE, 403, 'The access code does not belong to this album');
      }
      const guestToken = generateToken();
      const guest = await repo.addGuestWithinLimit({ albumId, name, tokenHash: hashToken(guestToken) }, found.album.packageSnapshot.guestLimit);
      if (!guest) throw new AppError(ErrorCode.GUEST_LIMIT_REACHED, 403, 'This album has reached its guest limit');
      return { guestToken };
    },
  };
}

export type GuestsService = ReturnType<typeof createGuestsService>;
