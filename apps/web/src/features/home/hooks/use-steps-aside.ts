import { useEffect, useState, type RefObject } from 'react';

/** Marks an element a floating button must never cover (the example album's open-in-new-tab link). */
export const KEEP_CLEAR = { 'data-keep-clear': '' } as const;

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom && b.width > 0 && b.height > 0;
}

/**
 * True while a KEEP_CLEAR element lies under the floating element, which then steps aside (its
 * caller hides it but keeps its box, so it can tell when the way is clear again). Checked once per
 * frame while the page scrolls or resizes.
 */
export function useStepsAside(floating: RefObject<HTMLElement | null>, isActive: boolean): boolean {
  const [isCovering, setCovering] = useState(false);
  useEffect(() => {
    if (!isActive) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const box = floating.current?.getBoundingClientRect();
      if (!box) return;
      const kept = document.querySelectorAll('[data-keep-clear]');
      setCovering([...kept].some((element) => overlaps(box, element.getBoundingClientRect())));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [floating, isActive]);
  return isActive && isCovering;
}
