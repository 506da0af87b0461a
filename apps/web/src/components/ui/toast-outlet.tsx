import { lazy, Suspense, useState } from 'react';
import { useToastState } from './toast-store';

const Toaster = lazy(async () => ({ default: (await import('./toaster')).Toaster }));

/**
 * Loads the toast UI (Radix Toast) with the first toast, not with the page: most visits raise none,
 * and loading it once the page was idle cost a phone's main thread its evaluation and render on
 * every page (the guest page's main-thread budget). The store keeps the toast while it loads, and
 * the service worker has the chunk precached for a guest who went offline.
 */
export function ToastOutlet() {
  const item = useToastState();
  // Once loaded it stays mounted, so a toast that is dismissed can animate out.
  const [raised, setRaised] = useState(false);
  if (item && !raised) setRaised(true);
  return raised ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
