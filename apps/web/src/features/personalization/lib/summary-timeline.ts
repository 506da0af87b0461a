export type SummaryPhase = 'left' | 'center' | 'back-left' | 'complete';

/** Spec 001 §9: desktop waits 1 s, 3 s and 1 s between phases; under 768 px one 1.5 s wait. */
export const DESKTOP_PHASE_DELAYS_MS = [1000, 3000, 1000] as const;
export const MOBILE_COMPLETE_DELAY_MS = 1500;
export const MOBILE_BREAKPOINT_PX = 768;
export const CONFETTI_PIECES = { desktop: 2000, mobile: 800 } as const;

/**
 * Runs the phase timeline, calling `onPhase` for each change; returns a cancel function for the
 * unmount. Desktop: left → center (1 s) → back-left (3 s) → complete (1 s). Mobile: complete
 * after 1.5 s.
 */
export function runSummaryTimeline(isMobile: boolean, onPhase: (phase: SummaryPhase) => void): () => void {
  const timers: ReturnType<typeof setTimeout>[] = [];
  if (isMobile) {
    timers.push(setTimeout(() => onPhase('complete'), MOBILE_COMPLETE_DELAY_MS));
  } else {
    const [toCenter, toBackLeft, toComplete] = DESKTOP_PHASE_DELAYS_MS;
    timers.push(setTimeout(() => onPhase('center'), toCenter));
    timers.push(setTimeout(() => onPhase('back-left'), toCenter + toBackLeft));
    timers.push(setTimeout(() => onPhase('complete'), toCenter + toBackLeft + toComplete));
  }
  return () => timers.forEach(clearTimeout);
}
