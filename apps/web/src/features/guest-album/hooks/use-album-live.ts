import { ALBUM_LIVE_PHOTO_EVENT } from '@momentos/contract/constants';
import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Subscribes to the album's server-sent events while mounted. `onPhoto` gets each new photo's
 * id; `onReconnect` runs when the stream comes back after a drop (photos may have been missed).
 * EventSource reconnects by itself (the server asks for 3 s).
 */
export function useAlbumLive(
  albumId: string,
  accessCode: string | undefined,
  handlers: { onPhoto: (photoId: string) => void; onReconnect?: () => void },
) {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!accessCode || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/albums/${albumId}/live?code=${encodeURIComponent(accessCode)}`);
    let dropped = false;
    source.addEventListener(ALBUM_LIVE_PHOTO_EVENT, (event) => {
      try {
        const { photoId } = JSON.parse((event as MessageEvent<string>).data) as { photoId: string };
        latest.current.onPhoto(photoId);
      } catch {
        // A malformed event is ignored; the next one or a refetch brings the photo.
      }
    });
    source.addEventListener('error', () => {
      dropped = true;
    });
    source.addEventListener('open', () => {
      if (dropped) latest.current.onReconnect?.();
      dropped = false;
    });
    return () => source.close();
  }, [albumId, accessCode]);
}
