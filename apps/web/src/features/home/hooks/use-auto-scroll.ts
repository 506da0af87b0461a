import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { CAROUSEL_PX_PER_FRAME, CAROUSEL_RESUME_MS } from '../home-data';

/**
 * Moves `trackRef` left by 0.5 px each animation frame and wraps at the width of its first child
 * (the reviews are rendered twice in two equal groups, so the wrap is invisible). Paused on hover; resumes on leave or after 3 s.
 * The frames run only while the track is on screen: off screen they would cost a phone's main
 * thread work every frame (measured as the home page's largest script cost) for nothing anyone sees.
 */
export function useAutoScroll(trackRef: RefObject<HTMLElement | null>, isEnabled: boolean) {
  const [isPaused, setIsPaused] = useState(false);
  const pausedRef = useRef(false);
  const offsetRef = useRef(0);
  const resumeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const element = trackRef.current;
    if (!isEnabled || !element) {
      if (element) element.style.transform = '';
      return;
    }
    // Measured when it changes, not read each frame (a read after the last frame's write forces a style pass).
    let loopWidth = 0;
    const loop = element.firstElementChild as HTMLElement | null;
    const resizes =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => (loopWidth = loop?.offsetWidth ?? 0));
    if (loop) resizes?.observe(loop);
    loopWidth = loop?.offsetWidth ?? 0;

    let frame: number | undefined;
    const step = () => {
      if (!pausedRef.current && loopWidth > 0) {
        offsetRef.current = (offsetRef.current + CAROUSEL_PX_PER_FRAME) % loopWidth;
        element.style.transform = `translate3d(${-offsetRef.current}px, 0, 0)`;
      }
      frame = requestAnimationFrame(step);
    };
    const stop = () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      frame = undefined;
    };
    const visibility =
      typeof IntersectionObserver === 'undefined'
        ? undefined
        : new IntersectionObserver(([entry]) => {
            if (entry?.isIntersecting) frame ??= requestAnimationFrame(step);
            else stop();
          });
    if (visibility) visibility.observe(element);
    else frame = requestAnimationFrame(step);
    return () => {
      stop();
      visibility?.disconnect();
      resizes?.disconnect();
    };
  }, [trackRef, isEnabled]);

  useEffect(() => () => clearTimeout(resumeTimer.current), []);

  const setPaused = useCallback((paused: boolean) => {
    pausedRef.current = paused;
    setIsPaused(paused);
  }, []);

  const pause = useCallback(() => {
    setPaused(true);
    clearTimeout(resumeTimer.current);
    resumeTimer.current = setTimeout(() => setPaused(false), CAROUSEL_RESUME_MS);
  }, [setPaused]);

  const resume = useCallback(() => {
    clearTimeout(resumeTimer.current);
    setPaused(false);
  }, [setPaused]);

  return { isPaused, pause, resume };
}
