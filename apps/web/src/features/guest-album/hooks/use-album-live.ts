import { ALBUM_LIVE_PHOTO_EVENT, ALBUM_LIVE_VIDEO_EVENT } from '@momentos/contract/constants';
import { useEffect, useLayoutEffect, useRef } from 'react';

interface LiveHandlers {
  /** A new photo or video is in the album. */
  onPhoto: (photoId: string) => void;
  /** A video's playback copy is ready, or could not be made: its player changes. */
  onVideo?: (photoId: string) => void;
  /** The stream came back after a drop: events may have been missed. */
  onReconnect?: () => void;
}

/**
 * Subscribes to the album's server-sent events while mounted, handing each event's photo id to
 * its handler. EventSource reconnects by itself (the server asks for 3 s).
 */
export function useAlbumLive(albumId: string, accessCode: string | undefined, handlers: LiveHandlers) {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!accessCode || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/albums/${albumId}/live?code=${encodeURIComponent(accessCode)}`);
    let dropped = false;
    const listen = (name: string, handle: (photoId: string) => void) =>
      source.addEventListener(name, (event) => {
        let photoId: string;
        try {
          ({ photoId } = JSON.parse((event as MessageEvent<string>).data) as { photoId: string });
        } catch {
          return; // A malformed event is ignored; the next one or a refetch brings the change.
        }
        handle(photoId);
      });
    listen(ALBUM_LIVE_PHOTO_EVENT, (photoId) => latest.current.onPhoto(photoId));
    listen(ALBUM_LIVE_VIDEO_EVENT, (photoId) => latest.current.onVideo?.(photoId));
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
