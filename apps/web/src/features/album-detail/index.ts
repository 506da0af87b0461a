// The album detail's public entry: its host pages for the route table, each loaded lazily
// into its own chunk.
export const loadAlbumDetailRoute = async () => ({ Component: (await import('./routes')).AlbumDetailRoute });
export const loadTableCardRoute = async () => ({ Component: (await import('./routes')).TableCardRoute });
export const loadAlbumReadyRoute = async () => ({ Component: (await import('./routes')).AlbumReadyRoute });
export const loadGuestbookPrintRoute = async () => ({ Component: (await import('./routes')).GuestbookPrintRoute });
