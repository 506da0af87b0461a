import { AppError } from '../../platform/http/app-error.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import { albumNotFound } from '../access/index.js';
import { announcerOf, type AlbumChanges } from './album-events.js';
import { generateAccessCode } from './album-code.js';
import type { AlbumsRepository } from './albums.repository.js';
import { guestLinkOf } from './guest-qr.js';

/** A host changes a code after a leak, not as a habit: a few changes an hour per album (docs/decisions.md). */
const CHANGES_PER_HOUR = 5;
/** Draws of a random code before giving up; with a million codes, one free draw is all but certain. */
const CODE_ATTEMPTS = 20;

/**
 * The host's "change code": the album gets a new random code and its old one is retired. Guests who
 * joined keep their pass (a token, not the code); the old code's link and QR card then only say
 * that the code changed. Every server forgets the album's row on the database's change notice, and
 * this one before it answers, so the old code opens nothing anywhere once the host sees the new one.
 */
export function createAccessCodeService(deps: {
  repo: AlbumsRepository;
  rateLimiter: RateLimiter;
  changes: AlbumChanges;
  publicUrl: string;
}) {
  const { repo, rateLimiter, publicUrl } = deps;
  const announce = announcerOf(deps.changes, 'album');
  return {
    async change(albumId: string) {
      const budget = await rateLimiter.hit(`album-code-change:${albumId}`, CHANGES_PER_HOUR, 3600);
      if (!budget.allowed) throw AppError.tooManyRequests(budget.retryAfterSeconds);
      for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
        const accessCode = generateAccessCode();
        const result = await repo.replaceAccessCode(albumId, accessCode);
        if (result === 'missing') throw albumNotFound();
        if (result === 'changed')
          return announce(albumId, {
            accessCode,
            guestUrl: guestLinkOf(publicUrl, accessCode),
            qrCodeUrl: `/api/albums/${albumId}/qr.png`,
          });
      }
      throw new Error('Could not find a free access code');
    },
  };
}

export type AccessCodeService = ReturnType<typeof createAccessCodeService>;
