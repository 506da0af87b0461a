// The app itself, imported by main.tsx once index.html's first-paint shell is on screen.
import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/app';
import { detectLanguage, detectLanguageWithoutRequest } from './lib/geo';
import { initI18n } from './lib/i18n';
import { registerServiceWorker } from './lib/service-worker';
import { stylesheetReady } from './lib/stylesheet-ready';
import { delay } from './lib/timing';
import { startTracking } from './lib/tracking/tracking';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const start = async (detected: string | null) => {
  // `common` and `home` are bundled, so the shell and the landing page render at once; the
  // fallback shows only while another screen's translation file loads, so it carries no text.
  void initI18n(detected);
  // Its own task: setting up i18n and the router back to back made one long task on a phone.
  await delay(0);
  // index.html's first-paint shell stays until React's first render, which then shows the route
  // itself (its chunk and namespaces loaded), not a blank fallback in between.
  const { router, queryClient, ready } = createAppRouter();
  await Promise.all([ready, stylesheetReady()]);
  // As a transition the first render is time-sliced: React yields to the browser every few
  // milliseconds instead of holding a phone's main thread for the whole tree (total blocking time).
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <Suspense fallback={<div className="min-h-dvh bg-paper" aria-busy="true" />}>
          <App router={router} queryClient={queryClient} />
        </Suspense>
      </StrictMode>,
    );
  });
  // Sending what an earlier visit queued is never urgent: after the first paint.
  setTimeout(startTracking, 0);
  // The dev server and the web tests have no /sw.js (vite.config.ts builds it only for production).
  if (import.meta.env.PROD) registerServiceWorker();
};

// A saved language or a cached country needs no request, so the page paints straight away. Only a
// fresh visitor waits for their country (our /api/geo, at most 1.5 s, preloaded by index.html so it
// runs while the JavaScript downloads) so the page does not flash in the wrong language.
const known = detectLanguageWithoutRequest();
if (known !== undefined) void start(known);
else void detectLanguage().then(start);
