import { lazy, Suspense } from 'react';

// The printable book and its host-only calls load with the page, not with the guests' screens
// that import this feature too.
const GuestbookPrintPage = lazy(async () => ({
  default: (await import('./guestbook-print-page')).GuestbookPrintPage,
}));

/** /album-detail/{id}/guestbook: the printable guestbook (routed by album-detail, beside the table card). */
export function GuestbookPrint() {
  return (
    <Suspense
      fallback={
        <div
          aria-hidden
          className="mx-auto my-10 h-[70vh] w-full max-w-2xl animate-pulse rounded-2xl bg-ink/5 motion-reduce:animate-none"
        />
      }
    >
      <GuestbookPrintPage />
    </Suspense>
  );
}
