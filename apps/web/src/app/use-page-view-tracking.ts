import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { track } from '@/lib/tracking/tracking';

/** Spec 000 §7: page_view (page, referrer) on every route change; the referrer is the previous page. */
export function usePageViewTracking() {
  const { pathname } = useLocation();
  const previous = useRef<string>(typeof document === 'undefined' ? '' : document.referrer);
  useEffect(() => {
    track('page_view', { page: pathname, referrer: previous.current });
    previous.current = window.location.origin + pathname;
  }, [pathname]);
}
