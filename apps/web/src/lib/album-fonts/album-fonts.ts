import { albumFontFamily, albumWebFont } from '@momentos/contract/album-display';
import { useEffect } from 'react';

// One stylesheet of @font-face rules per web font (./faces), imported only by a screen that draws
// that font: the home page never loads any, and a face's woff2 downloads only when text uses it.
const STYLESHEETS: Readonly<Record<string, () => Promise<unknown>>> = {
  Arimo: () => import('./faces/arimo.css'),
  Tinos: () => import('./faces/tinos.css'),
  Carlito: () => import('./faces/carlito.css'),
  Cousine: () => import('./faces/cousine.css'),
  Gelasio: () => import('./faces/gelasio.css'),
  'Comic Neue': () => import('./faces/comic-neue.css'),
  Anton: () => import('./faces/anton.css'),
  'Open Sans': () => import('./faces/open-sans.css'),
  'PT Sans': () => import('./faces/pt-sans.css'),
  'Fira Sans': () => import('./faces/fira-sans.css'),
  'Source Sans 3': () => import('./faces/source-sans-3.css'),
  'Gentium Book Plus': () => import('./faces/gentium-book-plus.css'),
  'Didact Gothic': () => import('./faces/didact-gothic.css'),
};

const requested = new Map<string, Promise<void>>();

/** Whether the host's font has a web font this app can load. */
export function hasWebFont(name: string): boolean {
  const web = albumWebFont(name);
  return web !== undefined && web in STYLESHEETS;
}

/**
 * Adds the @font-face rules of the web font that draws the host's font, once per page. A font that
 * fails to arrive leaves the text in the font stack's next family, and may be asked for again.
 */
export function loadAlbumFont(name: string): Promise<void> {
  const web = albumWebFont(name);
  const load = web ? STYLESHEETS[web] : undefined;
  if (!web || !load) return Promise.resolve();
  let pending = requested.get(web);
  // The server wrote the guest page's album font into its head for the first paint (guest-page.ts).
  if (!pending && document.head.querySelector(`style[data-album-font="${CSS.escape(web)}"]`))
    pending = Promise.resolve();
  if (!pending) {
    pending = load().then(
      () => undefined,
      (error: unknown) => {
        requested.delete(web);
        console.warn(`album font ${web} did not load`, error);
      },
    );
    requested.set(web, pending);
  }
  return pending;
}

/** The CSS font-family for the host's font (albumFontFamily), its web font requested on mount. */
export function useAlbumFont(name: string | undefined): string | undefined {
  useEffect(() => {
    if (name) void loadAlbumFont(name);
  }, [name]);
  return name ? albumFontFamily(name) : undefined;
}

/** For a picker that previews every font at once. */
export function useAlbumFonts(names: readonly string[]): void {
  const key = names.join('\n');
  useEffect(() => {
    for (const name of key.split('\n')) if (name) void loadAlbumFont(name);
  }, [key]);
}
