import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const HOUR = 3600;

/** Who a URL was issued to: a guest's shows the photos guests may see; the album owner's, every one. */
export type RenditionAudience = 'guest' | 'owner';

interface SignOptions {
  now?: number;
  audience?: RenditionAudience;
}

export interface SignedQuery {
  exp?: number;
  sig?: string;
  /** Present ("1") on the owner's URLs, and covered by the signature. */
  owner?: string;
}

/**
 * Short-lived signed URLs for renditions, so a plain <img src> works without headers. The
 * expiry is rounded up to the next whole hour (plus one), so a photo's URL stays the same for an
 * hour and browsers can cache it.
 */
export function createRenditionSigner(secret: string | undefined) {
  // Without a configured secret each process has its own; URLs then survive no restart (documented).
  const key = secret ?? randomBytes(32).toString('hex');
  const signature = (path: string, exp: number, audience: RenditionAudience) =>
    createHmac('sha256', key)
      .update(audience === 'owner' ? `${path}\n${exp}\nowner` : `${path}\n${exp}`)
      .digest('base64url');
  const sign = (path: string, { now = Date.now(), audience = 'guest' }: SignOptions = {}) => {
    const exp = (Math.ceil(now / 1000 / HOUR) + 1) * HOUR;
    return `${path}?exp=${exp}${audience === 'owner' ? '&owner=1' : ''}&sig=${signature(path, exp, audience)}`;
  };
  const matches = (expected: string, given: string) => {
    const [a, b] = [Buffer.from(expected), Buffer.from(given)];
    return a.length === b.length && timingSafeEqual(a, b);
  };
  return {
    url(
      albumId: string,
      photoId: string,
      variant: 'thumb' | 'display' | 'video' | 'playback',
      options: SignOptions = {},
    ): string {
      return sign(`/api/albums/${albumId}/photos/${photoId}/${variant}`, options);
    },
    /** Any other media path an `album-reader-or-link` route serves (a guestbook voice note), signed alike. */
    sign,
    /** The audience a valid, unexpired URL was issued to; undefined for anything else. */
    verify(path: string, { exp, sig, owner }: SignedQuery, now = Date.now()): RenditionAudience | undefined {
      if (exp === undefined || !sig || exp * 1000 < now) return undefined;
      const audience: RenditionAudience = owner === '1' ? 'owner' : 'guest';
      return matches(signature(path, exp, audience), sig) ? audience : undefined;
    },
  };
}

export type RenditionSigner = ReturnType<typeof createRenditionSigner>;
