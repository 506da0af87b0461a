import { RequireAuth } from '@/features/auth';
import { GuestbookPrint } from '@/features/guestbook';
import { AlbumDetailPage } from './components/album-detail-page';
import { AlbumReadyPage } from './components/album-ready-page';
import { TableCardPage } from './components/table-card-page';

/** /album-detail/{id}: signed-in hosts only; a visitor goes to / like the dashboard. */
export function AlbumDetailRoute() {
  return (
    <RequireAuth redirectTo="/">
      <AlbumDetailPage />
    </RequireAuth>
  );
}

/** /album-detail/{id}/card: the printable table card. */
export function TableCardRoute() {
  return (
    <RequireAuth redirectTo="/">
      <TableCardPage />
    </RequireAuth>
  );
}

/** /album-detail/{id}/ready: the code, link and QR code straight after the album is created. */
export function AlbumReadyRoute() {
  return (
    <RequireAuth redirectTo="/">
      <AlbumReadyPage />
    </RequireAuth>
  );
}

/** /album-detail/{id}/guestbook: the guestbook's messages as printable pages (features/guestbook). */
export function GuestbookPrintRoute() {
  return (
    <RequireAuth redirectTo="/">
      <GuestbookPrint />
    </RequireAuth>
  );
}
