/**
 * Addresses the album's pages load from elsewhere: the cover (an image) and the music (an audio
 * file or a link). The pages' content security policy (apps/server/src/platform/http/security.ts)
 * takes images and media only from the site itself and from https origins, so an http:// address
 * (or ftp:, data:, …) would be saved and then blocked in every guest's browser. Zod-free, so the
 * web app's forms check as the host types, with the same rule the API refuses by.
 */

/** Why the album's pages could not load an address: a scheme other than https, or no address at all. */
export type AddressProblem = 'not_https' | 'not_an_address';

/** Where the server keeps what a host uploads (`POST /api/upload/image` answers such a path). */
export const UPLOADED_FILE_PREFIX = '/uploads/';

/** The cover: an https address or one of our uploads; '' (no cover) is fine. */
export function coverAddressProblem(value: string): AddressProblem | null {
  const text = value.trim();
  if (text === '') return null;
  if (text.startsWith(UPLOADED_FILE_PREFIX)) return text.includes('..') ? 'not_an_address' : null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'not_an_address';
  }
  return url.protocol === 'https:' ? null : 'not_https';
}

// "scheme://" names a host; "Jazz: suave" (a style in words) also parses as a URL, with the scheme "jazz:".
const ADDRESS = /^[a-z][a-z\d+.-]*:\/\//i;

/** The music may be words (a style); text that is an address must be an https one. */
export function musicAddressProblem(value: string): AddressProblem | null {
  const text = value.trim();
  const isAddress = ADDRESS.test(text) || /^http:/i.test(text);
  return isAddress && !/^https:/i.test(text) ? 'not_https' : null;
}
