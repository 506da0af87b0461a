import { i18n } from '@/lib/i18n';

/**
 * The guest upload page for the route table. A guest at a venue may have poor signal: the screen
 * and its translations are fetched at the same time.
 */
export const loadGuestUploadRoute = async () => {
  // `guestbook` for the page's "leave a message" card: asked for here, its first render does not
  // suspend and render the page a second time when the file arrives.
  const [screen] = await Promise.all([
    import('./components/guest-upload-page'),
    i18n.loadNamespaces(['guest', 'guestbook']).catch(() => undefined),
  ]);
  return { Component: screen.GuestUploadPage };
};

/** /guest: the code box, for a guest who was only told the album's code. */
export const loadGuestCodeRoute = async () => {
  const [screen] = await Promise.all([
    import('./components/guest-code-page'),
    i18n.loadNamespaces('guest').catch(() => undefined),
  ]);
  return { Component: screen.GuestCodePage };
};

/** The guest's files still on their way, carrying on from the shared album. */
export { UploadQueueBanner } from './components/upload-queue-banner';
