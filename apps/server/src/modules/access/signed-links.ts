import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-signed links for the host's downloads (the album ZIP, a photo's original), so a plain
 * `<a href>` or a fetch without an Authorization header works and can resume with Range. The
 * signature covers the path and the expiry; the purpose prefix keeps these apart from the guests'
 * rendition signatures made with the same secret.
 */
export function createHostLinkSigner(secret: string | undefined) {
  const key = secret ?? randomBytes(32).toString('hex');
  const signature = (path: string, exp: number) =>
    createHmac('sha256', key).update(`host-download\n${path}\n${exp}`).digest('base64url');
  return {
    sign(path: string, ttlSeconds: number, now = Date.now()) {
      const exp = Math.floor(now / 1000) + ttlSeconds;
      return { url: `${path}?exp=${exp}&sig=${signature(path, exp)}`, expiresAt: new Date(exp * 1000) };
    },
    verify(path: string, exp: number | undefined, sig: string | undefined, now = Date.now()): boolean {
      if (exp === undefined || !sig || exp * 1000 < now) return false;
      const expected = Buffer.from(signature(path, exp));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type HostLinkSigner = ReturnType<typeof createHostLinkSigner>;
