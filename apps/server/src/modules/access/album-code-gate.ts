import { timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@momentos/contract';
import { AppError } from '../../platform/http/app-error.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import type { AlbumReadCache } from '../albums/index.js';
import type { AlbumsRepository, GuestAlbumRow } from '../albums/index.js';
import { albumCodeChanged } from './album-code-changed.js';

/** How many wrong album codes may be tried, and where they are counted (docs/decisions.md, "The album code"). */
export interface AlbumCodeLimits {
  perAddressPerMinute: number;
  perAddressPerDay: number;
  /** Wrong codes for one album from all addresses together, per album window. */
  perAlbum: number;
  perAlbumWindowSeconds: number;
}

export interface AlbumCodeCheck {
  code: string;
  clientIp: string;
  /** The album the caller names; absent for the look-up by code, which names none. */
  albumId?: string;
}

interface Budget {
  key: string;
  limit: number;
  windowSeconds: number;
  isAlbum: boolean;
}

export const albumNotFound = () =>
  new AppError(
    ErrorCode.ALBUM_NOT_FOUND,
    404,
    'Album not found: the access code is not valid or the album does not exist',
  );

function albumCodeAttemptsExceeded(retryAfterSeconds: number) {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const error = new AppError(
    ErrorCode.ALBUM_CODE_ATTEMPTS_EXCEEDED,
    429,
    `Too many wrong codes have been tried for this album. Try again in ${minutes} minute(s).`,
  );
  error.retryAfterSeconds = retryAfterSeconds;
  return error;
}

/** Compares in constant time, so the answer's timing says nothing about how much of a code was right. */
function isSameCode(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Codes remembered at most. A host may change an album's code: a remembered code is checked against
 * the album's current row (which every server forgets on the change notice) before it opens anything.
 */
const MAX_REMEMBERED_CODES = 20_000;

/**
 * The one place an album's 6-digit code is checked, on every route that accepts it (look-up by
 * code, join, `X-Album-Code`, `?code=`). Each check takes a slot in every budget it falls under
 * before it looks, so checks in flight cannot test more codes than the budgets allow; a right code
 * gives its slots back (a party behind one venue's address is never counted), a wrong one keeps
 * them. The album's own budget is shared by all addresses, so many addresses cannot split the work.
 */
export function createAlbumCodeGate(deps: {
  repo: AlbumsRepository;
  cache: AlbumReadCache;
  rateLimiter: RateLimiter;
  limits: AlbumCodeLimits;
}) {
  const { repo, cache, rateLimiter, limits } = deps;
  const albumIdByCode = new Map<string, string>();

  const albumById = (albumId: string) => cache.read(albumId, 'album', () => repo.findAlbum(albumId), 'pass');

  const albumByCode = async (code: string): Promise<GuestAlbumRow | undefined> => {
    const albumId = albumIdByCode.get(code);
    if (albumId) {
      const found = await albumById(albumId);
      if (found && isSameCode(found.album.accessCode, code)) return found;
      // The album is gone or has a new code since: the database says what the code opens now.
      albumIdByCode.delete(code);
    }
    const found = await repo.findAlbumByCode(code);
    if (!found) return undefined;
    if (albumIdByCode.size >= MAX_REMEMBERED_CODES) albumIdByCode.clear();
    albumIdByCode.set(code, found.album.id);
    return found;
  };

  const budgetsOf = ({ clientIp, albumId }: AlbumCodeCheck): Budget[] => [
    { key: `album-code:ip:${clientIp}`, limit: limits.perAddressPerMinute, windowSeconds: 60, isAlbum: false },
    { key: `album-code:ip-day:${clientIp}`, limit: limits.perAddressPerDay, windowSeconds: 86_400, isAlbum: false },
    ...(albumId
      ? [
          {
            key: `album-code:album:${albumId}`,
            limit: limits.perAlbum,
            windowSeconds: limits.perAlbumWindowSeconds,
            isAlbum: true,
          },
        ]
      : []),
  ];

  return {
    /**
     * The album the code opens, or undefined when the code is wrong (counted against the address
     * and, where the caller names one, the album). Throws 429 while a budget is spent, before looking,
     * and 404 when the named album does not exist.
     */
    async verify(check: AlbumCodeCheck): Promise<GuestAlbumRow | undefined> {
      const taken: Budget[] = [];
      let isWrongCode = false;
      try {
        for (const budget of budgetsOf(check)) {
          taken.push(budget);
          const result = await rateLimiter.hit(budget.key, budget.limit, budget.windowSeconds);
          if (!result.allowed) {
            throw budget.isAlbum
              ? albumCodeAttemptsExceeded(result.retryAfterSeconds)
              : AppError.tooManyRequests(result.retryAfterSeconds);
          }
        }
        const found = check.albumId ? await albumById(check.albumId) : await albumByCode(check.code);
        if (check.albumId && !found) throw albumNotFound();
        if (found && isSameCode(found.album.accessCode, check.code)) return found;
        // A code the album's host replaced is no guess: it says so and keeps no slot (docs/decisions.md).
        const retiredFrom = await repo.findAlbumOfRetiredCode(check.code);
        if (retiredFrom && (!check.albumId || retiredFrom === check.albumId)) throw albumCodeChanged();
        isWrongCode = true;
        return undefined;
      } finally {
        // A refused or right check tested no wrong code: its slots go back. A failed give-back costs
        // one slot, never the answer.
        if (!isWrongCode) {
          await Promise.all(
            taken.map((budget) =>
              rateLimiter.hit(budget.key, budget.limit, budget.windowSeconds, -1).catch(() => undefined),
            ),
          );
        }
      }
    },
  };
}

export type AlbumCodeGate = ReturnType<typeof createAlbumCodeGate>;
