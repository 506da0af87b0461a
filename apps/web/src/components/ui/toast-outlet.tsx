import { lazy, Suspense, useEffect, useState } from 'react';
import { useToastState } from './toast-store';

const Toaster = lazy(async () => ({ default: (await import('./toaster')).Toaster }));

/**
 * Loads the toast UI (Radix Toast) off the first paint: once the browser is idle, or at once when
 * a toast is raised before that. The store keeps the toast, so none is lost while it loads.
 */
export function ToastOutlet() {
  const item = useToastState();
  const [idleReached, setIdleReached] = useState(false);
  // Once loaded it stays mounted, so a toast that is dismissed can animate out.
  const [raised, setRaised] = useState(false);
  if (item && !raised) setRaised(true);
  const needed = idleReached || raised;
  useEffect(() => {
    if (needed) return;
    const idle = window.requestIdleCallback?.(() => setIdleReached(true), { timeout: 4000 });
    const fallback = idle === undefined ? setTimeout(() => setIdleReached(true), 2000) : undefined;
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
      clearTimeout(fallback);
    };
  }, [needed]);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
