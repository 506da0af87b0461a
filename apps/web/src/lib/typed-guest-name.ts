/**
 * The name a guest typed on the guest page for an album, before any upload joined them: the
 * guestbook signs with it (the stored session's name only exists once a file was sent). Held for
 * the page's life only; the session keeps the name that joined.
 */
const typed = new Map<string, string>();

export function rememberTypedGuestName(albumId: string, name: string): void {
  typed.set(albumId, name.trim());
}

export function typedGuestName(albumId: string): string {
  return typed.get(albumId) ?? '';
}
