import '@fontsource-variable/fraunces';
import './index.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { detectLanguage, detectLanguageWithoutRequest } from './lib/geo';
import { initI18n } from './lib/i18n';
import { startTracking } from './lib/tracking/tracking';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const start = (detected: string | null) => {
  // `common` and `home` are bundled, so the shell and the landing page render at once; the
  // fallback shows only while another screen's translation file loads, so it carries no text.
  void initI18n(detected);
  createRoot(root).render(
    <StrictMode>
      <Suspense fallback={<div className="min-h-dvh bg-paper" aria-busy="true" />}>
        <App />
      </Suspense>
    </StrictMode>,
  );
  // Sending what an earlier visit queued is never urgent: after the first paint.
  setTimeout(startTracking, 0);
};

// A saved language or a cached country needs no request, so the page paints straight away. Only a
// fresh visitor waits for their country (our /api/geo, at most 1.5 s, preloaded by index.html so it
// runs while the JavaScript downloads) so the page does not flash in the wrong language.
const known = detectLanguageWithoutRequest();
if (known !== undefined) start(known);
else void detectLanguage().then(start);
