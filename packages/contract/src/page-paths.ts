/**
 * Every page the web app draws: both spec route tables, our e-mail link pages and the legal pages. The app's router
 * is built from it, and the server answers any other path with the app's not-found page and a 404
 * status, so search engines and link checkers see a missing page as missing.
 */
export const PAGE_PATHS = {
  home: '/',
  auth: '/auth',
  checkout: '/checkout',
  checkoutStep: '/checkout/step/:step',
  paymentResult: '/album/success',
  personalizationStep1: '/personalization/step-1',
  personalizationStep2: '/personalization/step-2',
  personalizationSummary: '/personalization/summary',
  albumDetail: '/album-detail/:id',
  tableCard: '/album-detail/:id/card',
  /** The guestbook as pages to print. */
  guestbookPrint: '/album-detail/:id/guestbook',
  /** Straight after the album is created: its code, link and QR code, ready to share. */
  albumReady: '/album-detail/:id/ready',
  album: '/album/:id',
  slideshow: '/album/:id/slideshow',
  /** A code box for a guest who was only told the code. */
  guestEntry: '/guest',
  guest: '/guest/:accessCode',
  modify: '/modify/:id',
  helpCenter: '/help-center',
  agentConsole: '/help-center/agent',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  terms: '/terms',
  privacy: '/privacy',
} as const;

const segments = (path: string) => path.split('/').filter(Boolean);
const PATTERNS = Object.values(PAGE_PATHS).map(segments);

/** Whether the router has a page for `pathname` (no query); a `:name` segment matches any one segment. */
export function isPagePath(pathname: string): boolean {
  const parts = segments(pathname);
  return PATTERNS.some(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every((segment, index) => segment.startsWith(':') || segment === parts[index]),
  );
}
