import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const HOUR = 3600;

/**
 * Short-lived signed URLs for renditions, so a plain <img src> works without headers. The
 * expiry is rounded up to the next whole hour (plus one), so a photo's URL stays the same for an
 * hour and browsers can cache it.
 */
export function createRenditionSigner(secret: string | undefined) {
  // Without a configured secret each process has its own; URLs then survive no restart (documented).
  const key = secret ?? randomBytes(32).toString('hex');
  const signature = (path: string, exp: number) => createHmac('sha256', key).update(`${path}\n${exp}`).digest('base64url');
  return {
    url(albumId: string, photoId: string, variant: 'thumb' | 'display' | 'video', now = Date.now()): string {
      const path = `/api/albums/${albumId}/photos/${photoId}/${variant}`;
      const exp = (Math.ceil(now / 1000 / HOUR) + 1) * HOUR;
      return `${path}?exp=${exp}&sig=${signature(path, exp)}`;
    },
    verify(path: string, exp: number | undefined, sig: string | undefined, now = Date.now()): boolean {
      if (exp === undefined || !sig || exp * 1000 < now) return false;
      const expected = Buffer.from(signature(path, exp));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type RenditionSigner = ReturnType<typeof createRenditionSigner>;
