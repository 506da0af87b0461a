import confetti from 'canvas-confetti';
import { useEffect, useState, type RefObject } from 'react';
import { isMobileViewport, usePrefersReducedMotion } from '../lib/motion';
import { CONFETTI_PIECES, runSummaryTimeline, type SummaryPhase } from '../lib/summary-timeline';

const COLORS = ['#b3364f', '#f8dfe3', '#a27a1f', '#f6ecd4', '#ffffff'];

/**
 * The summary's phase timeline, chosen once from the width at mount (under 768 px goes
 * straight to complete), with the confetti burst only on reaching complete and never under
 * prefers-reduced-motion. The confetti draws on our own canvas without a worker: the content
 * security policy (worker-src falls back to 'self') refuses the library's blob: worker.
 */
export function useSummaryPhase(canvas: RefObject<HTMLCanvasElement | null>): {
  phase: SummaryPhase;
  isMobile: boolean;
} {
  const [isMobile] = useState(isMobileViewport);
  const [phase, setPhase] = useState<SummaryPhase>('left');
  const reduced = usePrefersReducedMotion();

  useEffect(() => runSummaryTimeline(isMobile, setPhase), [isMobile]);

  useEffect(() => {
    if (phase !== 'complete' || reduced || !canvas.current) return;
    const fire = confetti.create(canvas.current, { resize: true, useWorker: false, disableForReducedMotion: true });
    void fire({
      particleCount: isMobile ? CONFETTI_PIECES.mobile : CONFETTI_PIECES.desktop,
      spread: 110,
      startVelocity: 45,
      origin: { y: 0.55 },
      colors: COLORS,
    });
    return () => fire.reset();
  }, [phase, reduced, isMobile, canvas]);

  return { phase, isMobile };
}
