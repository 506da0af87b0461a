/** What people put between the digits when they say or write a code: "482 913", "482-913", "482.913". */
const SEPARATORS = /[\s.\u2010-\u2015-]/g;
/** A pasted guest link (the QR code's address) carries the code too. */
const GUEST_LINK = /\/guest\/(\d{6})(?:[/?#]|$)/;

/**
 * The album code a guest typed, as the guest page's address takes it ("482913"), or null when it is
 * not 6 digits. Spaces and dashes between the digits are how the code is said and printed.
 */
export function parseAlbumCode(typed: string): string | null {
  const link = GUEST_LINK.exec(typed.trim());
  if (link?.[1]) return link[1];
  const digits = typed.replace(SEPARATORS, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}
