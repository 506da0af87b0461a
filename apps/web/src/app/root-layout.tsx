import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LoginDialogProvider, useSessionRefresh } from '@/features/auth';
import { NavBar, SiteFooter } from '@/features/navigation';
import { usePageMeta } from './use-page-meta';
import { usePageViewTracking } from './use-page-view-tracking';

// React Router does not scroll to #anchors itself; the nav's /#features links rely on this. A new
// path, or a tap on a link to the page itself (the logo on the home page), scrolls to the top; a
// query change (the album viewer's ?photo=) keeps the place on the page. A tap on the link to the
// anchor already in the address is a navigation too (a new key) and scrolls there again.
function useScrollOnNavigate() {
  const { pathname, search, hash, key } = useLocation();
  const shown = useRef<{ pathname: string; search: string } | null>(null);
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    const isSamePage = shown.current?.pathname === pathname;
    if (target) target.scrollIntoView();
    else if (!isSamePage || (!hash && shown.current?.search === search)) window.scrollTo(0, 0);
    shown.current = { pathname, search };
  }, [pathname, search, hash, key]);
}

// The home page frames the live example album in a phone-sized frame (same origin only, by our
// content security policy): there the page shows alone, without the site's header and footer.
const isFramed = (() => {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
})();

/** Header, page and footer shared by every route; also hosts the login dialog. */
export function RootLayout() {
  const { t } = useTranslation();
  useSessionRefresh();
  useScrollOnNavigate();
  usePageMeta();
  usePageViewTracking();

  return (
    <LoginDialogProvider>
      <a
        href="#main"
        className="sr-only z-50 rounded-xl bg-ink px-4 py-3 text-paper focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('actions.skipToContent')}
      </a>
      <div className="flex min-h-dvh flex-col">
        {!isFramed && <NavBar />}
        <main id="main" className="flex flex-1 flex-col">
          <Outlet />
        </main>
        {!isFramed && <SiteFooter />}
      </div>
    </LoginDialogProvider>
  );
}
