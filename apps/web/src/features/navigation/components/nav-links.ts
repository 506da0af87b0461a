/** The home-page sections the nav bar links to (spec 000 §2). */
export const HOME_ANCHORS = [
  { to: '/#features', labelKey: 'nav.features' },
  { to: '/#how-it-works', labelKey: 'nav.howItWorks' },
  { to: '/#pricing', labelKey: 'nav.pricing' },
] as const;

/** Where a guest who was only told the album's code types it (the menu's "I have a code"). */
export const GUEST_CODE_PATH = '/guest';

/**
 * The pages guests open (the guest page, /guest, the album and its slideshow): their header keeps only
 * the logo and the language, since a guest at a party is not shopping. /album/success is the host's
 * payment result, not an album.
 */
export function isGuestPage(pathname: string): boolean {
  return (
    /^\/guest(\/|$)/.test(pathname) || (/^\/album\/[^/]+/.test(pathname) && !/^\/album\/success\/?$/.test(pathname))
  );
}
