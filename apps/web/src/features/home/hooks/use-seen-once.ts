import { useEffect, useRef, type RefObject } from 'react';

/** Calls `onSeen` the first time `threshold` of the element is in view (pricing: 50%, spec 000 §9). */
export function useSeenOnce(ref: RefObject<Element | null>, threshold: number, onSeen: () => void) {
  const callback = useRef(onSeen);
  useEffect(() => {
    callback.current = onSeen;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= threshold)) {
          observer.disconnect();
          callback.current();
        }
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, threshold]);
}
