// The stylesheet stays in the entry so it is a <link> in index.html: the first-paint shell needs it.
import '@fontsource-variable/fraunces';
import './index.css';
import { delay } from './lib/timing';

// Parsing and running the app's JavaScript takes a phone's main thread for a second or more. Until the
// browser has painted index.html's first-paint shell, that work would hold the paint back, so the app
// starts right after the next frame (when index.html's boot script also preloads the app's and the
// route's chunks).
// The timer covers a background tab, where animation frames wait until the tab is shown.
// The app's modules are evaluated in two tasks, React and the router first, then the app, with a
// turn of the event loop between them: evaluated as one, they held a phone's main thread long
// enough to count as blocking time twice over.
let started = false;
function startApp() {
  if (started) return;
  started = true;
  void import('react-dom/client').then(() => delay(0)).then(() => import('./boot'));
}
requestAnimationFrame(() => setTimeout(startApp, 0));
setTimeout(startApp, 250);
