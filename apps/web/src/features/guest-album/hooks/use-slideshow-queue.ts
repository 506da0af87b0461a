import { GUEST_VIDEO_MAX_SECONDS } from '@momentos/contract/constants';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { GuestPhoto } from '../api/album-api';
import { isProcessingVideo, playableVideoUrl } from '../lib/video-playback';

export const SLIDE_MS = 6000;

/**
 * How long a slide may stay before the queue moves on by itself: a photo its interval; a video
 * moves on when it ends (the slide calls `advance`), so this is only a backstop for a clip that
 * stalls without an error: its length (or the longest a guest may send) plus one interval.
 */
export function slideTimeout(photo: GuestPhoto): number {
  if (!playableVideoUrl(photo)) return SLIDE_MS;
  return (photo.playback?.durationMs ?? GUEST_VIDEO_MAX_SECONDS * 1000) + SLIDE_MS;
}

/**
 * Which photo the slideshow shows: it walks the album newest to oldest and starts again, but a
 * photo announced live jumps the queue and shows next. Pages load as the walk reaches them. A
 * video still waiting for its playback copy is passed by until the copy is ready.
 */
export function useSlideshowQueue(photos: GuestPhoto[], options: { hasMore: boolean; loadMore: () => void }) {
  // `turn` counts the slides shown, so a lone photo or video starts its time (or its clip) again.
  const [slide, setSlide] = useState<{ id: string | null; turn: number }>({ id: null, turn: 0 });
  const priority = useRef<string[]>([]);
  const latest = useRef({ photos, ...options });
  useLayoutEffect(() => {
    latest.current = { photos, ...options };
  });

  const advance = useCallback(() => {
    const { photos: list, hasMore, loadMore } = latest.current;
    const isShowable = (photo: GuestPhoto | undefined) => Boolean(photo) && !isProcessingVideo(photo!);
    const ready = priority.current.findIndex((id) => isShowable(list.find((photo) => photo.id === id)));
    if (ready >= 0) {
      const [id] = priority.current.splice(ready, 1);
      return setSlide(({ turn }) => ({ id: id!, turn: turn + 1 }));
    }
    setSlide((current) => {
      const index = current.id ? list.findIndex((photo) => photo.id === current.id) : -1;
      if (index >= list.length - 3 && hasMore) loadMore();
      for (let step = 1; step <= list.length; step += 1) {
        const candidate = list[(index + step) % list.length];
        if (isShowable(candidate)) return { id: candidate!.id, turn: current.turn + 1 };
      }
      return current;
    });
  }, []);

  const index = slide.id ? photos.findIndex((photo) => photo.id === slide.id) : -1;
  const current = index >= 0 ? photos[index] : undefined;
  const timeout = current ? slideTimeout(current) : null;

  // The first photo shows at once, and so does the next one when the shown one leaves the album;
  // an album of nothing but processing videos starts as soon as one of them is ready.
  useEffect(() => {
    if (!current && photos.length > 0) advance();
  }, [current, photos, advance]);
  useEffect(() => {
    if (timeout === null) return;
    const timer = window.setTimeout(advance, timeout);
    return () => window.clearTimeout(timer);
  }, [slide.turn, timeout, advance]);

  const announce = useCallback((photoId: string) => {
    if (!priority.current.includes(photoId)) priority.current.push(photoId);
  }, []);

  return {
    current,
    turn: slide.turn,
    next: photos[(index + 1) % Math.max(photos.length, 1)],
    announce,
    advance,
  };
}
