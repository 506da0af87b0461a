import { useSyncExternalStore } from 'react';

function mediaStore(query: string) {
  const read = () =>
    typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  const subscribe = (onChange: () => void) => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
    const list = window.matchMedia(query);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  };
  return { read, subscribe };
}

const reducedMotion = mediaStore('(prefers-reduced-motion: reduce)');
const mobile = mediaStore('(max-width: 767.98px)');

/** The global CSS shortens durations under reduced motion but not delays, so reveals ask here. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(reducedMotion.subscribe, reducedMotion.read, () => false);
}

/** Spec 001 §9's mobile breakpoint: under 768 px. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(mobile.subscribe, mobile.read, () => false);
}

export function isMobileViewport(): boolean {
  return mobile.read();
}
