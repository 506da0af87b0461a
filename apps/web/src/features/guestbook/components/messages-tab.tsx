import { lazy, Suspense } from 'react';
import { PanelSkeleton } from './panel-skeleton';

// The host's panel and its calls stay out of the guests' pages, which import this feature too.
const MessagesPanel = lazy(async () => ({ default: (await import('./messages-panel')).MessagesPanel }));

/** The album detail's "Mensajes" tab, loaded when the host opens it. */
export function MessagesTab({ id }: { id: string }) {
  return (
    <Suspense fallback={<PanelSkeleton />}>
      <MessagesPanel id={id} />
    </Suspense>
  );
}
