import { useEffect, useState, type RefObject } from 'react';

/** Spec 001 §2/§9: the button shows once the viewport's bottom is more than 100 px below the header's bottom edge. */
export const FLOATING_THRESHOLD_PX = 100;

export function isPastHeader(viewportHeight: number, headerBottom: number): boolean {
  return viewportHeight - headerBottom > FLOATING_THRESHOLD_PX;
}

export function useFloatingDownload(headerRef: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const update = () => {
      const header = headerRef.current;
      if (!header) return;
      setVisible(isPastHeader(window.innerHeight, header.getBoundingClientRect().bottom));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [headerRef, enabled]);
  return enabled && visible;
}
