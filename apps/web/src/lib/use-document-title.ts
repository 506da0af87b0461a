import { useEffect } from 'react';

const BRAND = 'Momentos';

/** Sets the browser tab title as "<page> · Momentos" (or just the brand when no page title). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title && title !== BRAND ? `${title} · ${BRAND}` : BRAND;
  }, [title]);
}
