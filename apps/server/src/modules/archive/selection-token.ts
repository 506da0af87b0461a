import { createHash } from 'node:crypto';

/**
 * A selection of photo ids carried in a download link: `s`, the ids' 16 bytes each in base64url
 * (22 characters a photo, so 200 photos fit a 4.4 kB URL), and `digest`, its SHA-256, which goes in
 * the link's path. The host's link signer signs only the path, so the digest binds the ids to the
 * signature; the ids cannot go in the path themselves, whose parameters Fastify caps at 100 characters.
 */
export function encodeSelection(photoIds: string[]) {
  const bytes = Buffer.concat(photoIds.map((id) => Buffer.from(id.replaceAll('-', ''), 'hex')));
  const s = bytes.toString('base64url');
  return { s, digest: digestOf(s) };
}

export const digestOf = (s: string) => createHash('sha256').update(s).digest('base64url');

/** The ids a link's `s` carries, or undefined when it is not a whole number of them. */
export function decodeSelection(s: string): string[] | undefined {
  const bytes = Buffer.from(s, 'base64url');
  if (bytes.length === 0 || bytes.length % 16 !== 0 || bytes.toString('base64url') !== s) return undefined;
  const ids: string[] = [];
  for (let at = 0; at < bytes.length; at += 16) {
    const hex = bytes.subarray(at, at + 16).toString('hex');
    ids.push(`${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`);
  }
  return ids;
}
