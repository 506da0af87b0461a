// The shared album's public entry: its grid and slideshow for the route table, loaded lazily.
export const loadAlbumRoute = async () => ({ Component: (await import('./routes')).AlbumRoute });
export const loadSlideshowRoute = async () => ({ Component: (await import('./routes')).SlideshowRoute });
