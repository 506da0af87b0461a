/**
 * The inline script at the top of index.html, as source text. It runs before the body is parsed, so
 * the first-paint shell shows only the current route's part, in the visitor's language; the route's
 * translations start downloading at once, and its chunks with the app's right after the first frame,
 * instead of once the app has run.
 * It mirrors lib/i18n.ts and lib/geo.ts (saved choice, else the cached country, else the browser's
 * language when no country is known); a first-time visitor gets the language the server worked out
 * from the same address /api/geo will answer for and the browser's Accept-Language (`data-geo-lang`
 * on <html>, spa.ts), and only a page without it (the Vite dev server) gets the shell without text,
 * never the wrong one.
 * The server allows it in the CSP by its SHA-256, computed from the built index.html.
 */
export interface ShellRoute {
  /** Matched against location.pathname. */
  pattern: string;
  /** Absolute URLs of the route's chunks, for `<link rel="modulepreload">`. */
  scripts: string[];
  /** Translation namespaces the route's first render needs (fetched by i18next-http-backend). */
  namespaces: string[];
  /** The browser tab's title in each language, as the route's screen sets it. */
  titles: Record<'es' | 'en', string>;
}

// The contract's ENGLISH_COUNTRY_CODES: vite.config loads this file, and Node cannot import the contract's TypeScript there.
const ENGLISH_COUNTRIES = ['US', 'GB', 'CA', 'AU', 'NZ', 'IE'];
const GEO_CACHE_MS = 7 * 24 * 60 * 60 * 1000;

/** `appScripts`: the app's own chunks (src/boot.tsx and its imports), preloaded on every page. */
export function bootScript(routes: Record<string, ShellRoute>, appScripts: string[]): string {
  return `(function () {
  var root = document.documentElement, routes = ${JSON.stringify(routes)}, app = ${JSON.stringify(appScripts)}, lang = null, route = null;
  try {
    var saved = localStorage.getItem('momentos.language');
    if (saved) lang = saved === 'en' ? 'en' : 'es';
    else {
      var geo = JSON.parse(localStorage.getItem('momentos.geo') || 'null');
      if (geo && geo.data && Date.now() - geo.savedAt < ${GEO_CACHE_MS}) {
        var country = String(geo.data.country_code || '').toUpperCase();
        if (country) lang = ${JSON.stringify(ENGLISH_COUNTRIES)}.indexOf(country) >= 0 ? 'en' : 'es';
        else {
          var wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ''];
          for (var i = 0; i < wanted.length && !lang; i++) {
            var primary = String(wanted[i]).toLowerCase().split('-')[0];
            if (primary === 'es' || primary === 'en') lang = primary;
          }
        }
      }
    }
  } catch (e) {}
  if (!lang) {
    var hinted = root.getAttribute('data-geo-lang');
    if (hinted === 'en' || hinted === 'es') lang = hinted;
  }
  if (lang) root.lang = lang;
  else root.setAttribute('data-shell-lang', 'none');
  for (var name in routes) {
    if (new RegExp(routes[name].pattern).test(location.pathname)) { route = routes[name]; root.setAttribute('data-shell', name); break; }
  }
  // index.html's <title> is Spanish; other pages keep the landing's title until their screen sets one.
  if (lang) document.title = (route || routes.home).titles[lang];
  function preload(rel, href, as) {
    var link = document.createElement('link');
    link.rel = rel; link.href = href;
    if (as) { link.as = as; link.crossOrigin = 'anonymous'; }
    document.head.appendChild(link);
  }
  if (route && lang) route.namespaces.forEach(function (ns) { preload('preload', '/locales/' + lang + '/' + ns + '.json', 'fetch'); });
  // Scripts are asked for right after the shell's first frame: a script that arrived earlier could
  // run before that paint and hold it back (Lighthouse then counts it as render-blocking).
  requestAnimationFrame(function () {
    setTimeout(function () {
      app.concat(route ? route.scripts : []).forEach(function (href) { preload('modulepreload', href); });
    }, 0);
  });
})();`;
}

/** Shows one route's part of the shell in one language; the rest stays hidden. */
export function shellStyle(routeNames: string[]): string {
  const hidden = routeNames.map((name) => `html:not([data-shell=${name}]) [data-shell-route=${name}]`);
  return [
    'html:not([data-shell]) [data-first-paint]{display:none}',
    `${hidden.join(',')}{display:none}`,
    // The header's "create album" button, like the app's, is not shown inside the checkout; guest
    // pages keep only the logo and the language (features/navigation/components/nav-links.ts).
    'html[data-shell=checkout] [data-shell-hide~=checkout],html[data-shell=guest] [data-shell-hide~=guest]{display:none}',
    'html[lang=es] [data-l=en],html[lang=en] [data-l=es],html[data-shell-lang=none] [data-l]{display:none}',
    '[data-lang-button]{color:var(--color-ink-soft)}',
    'html[lang=es] [data-lang-button=es],html[lang=en] [data-lang-button=en]{background:var(--color-ink);color:var(--color-paper)}',
  ].join('');
}
