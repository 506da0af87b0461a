import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { GuestPhoto } from '../api/album-api';

export const SLIDE_MS = 6000;

/**
 * Which photo the slideshow shows: it walks the album newest to oldest and starts again, but a
 * photo announced live jumps the queue and shows next. Pages load as the walk reaches them.
 */
export function useSlideshowQueue(photos: GuestPhoto[], options: { hasMore: boolean; loadMore: () => void }) {
  const [currentId, setCurrentId] = useState<string | null>(null);
  const priority = useRef<string[]>([]);
  const latest = useRef({ photos, ...options });
  useLayoutEffect(() => {
    latest.current = { photos, ...options };
  });

  const advance = useCallback(() => {
    const { photos: list, hasMore, loadMore } = latest.current;
    if (list.length === 0) return;
    const ready = priority.current.findIndex((id) => list.some((photo) => photo.id === id));
    if (ready >= 0) {
      const [id] = priority.current.splice(ready, 1);
      return setCurrentId(id!);
    }
    setCurrentId((current) => {
      const index = current ? list.findIndex((photo) => photo.id === current) : -1;
      if (index >= list.length - 3 && hasMore) loadMore();
      return list[(index + 1) % list.length]!.id;
    });
  }, []);

  // The first photo shows at once; after that, one every SLIDE_MS.
  useEffect(() => {
    if (currentId === null && photos.length > 0) advance();
  }, [currentId, photos.length, advance]);
  useEffect(() => {
    const timer = window.setInterval(advance, SLIDE_MS);
    return () => window.clearInterval(timer);
  }, [advance]);

  const announce = useCallback((photoId: string) => {
    if (!priority.current.includes(photoId)) priority.current.push(photoId);
  }, []);

  const index = currentId ? photos.findIndex((photo) => photo.id === currentId) : -1;
  return {
    current: index >= 0 ? photos[index] : undefined,
    next: photos[(index + 1) % Math.max(photos.length, 1)],
    announce,
    advance,
  };
}
