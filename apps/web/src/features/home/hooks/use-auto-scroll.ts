import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { CAROUSEL_PX_PER_FRAME, CAROUSEL_RESUME_MS } from '../home-data';

/**
 * Moves `trackRef` left by 0.5 px each animation frame and wraps at the width of its first child
 * (the reviews are rendered twice in two equal groups, so the wrap is invisible). Paused on hover; resumes on leave or after 3 s.
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
    let frame = requestAnimationFrame(function step() {
      const loopWidth = (element.firstElementChild as HTMLElement | null)?.offsetWidth ?? 0;
      if (!pausedRef.current && loopWidth > 0) {
        offsetRef.current = (offsetRef.current + CAROUSEL_PX_PER_FRAME) % loopWidth;
        element.style.transform = `translate3d(${-offsetRef.current}px, 0, 0)`;
      }
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
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
