import { PAGE_PATHS } from '@momentos/contract/page-paths';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import {
  loadAlbumDetailRoute,
  loadAlbumReadyRoute,
  loadGuestbookPrintRoute,
  loadTableCardRoute,
} from '@/features/album-detail';
import { loadResetPasswordRoute, loadVerifyEmailRoute } from '@/features/auth';
import { loadCheckoutRoute } from '@/features/checkout';
import { loadDashboardRoute } from '@/features/dashboard';
import { loadAlbumRoute, loadSlideshowRoute } from '@/features/guest-album';
import { loadGuestCodeRoute, loadGuestUploadRoute } from '@/features/guest-upload';
import { loadAgentConsoleRoute, loadHelpCenterRoute } from '@/features/help-center';
import { HomePage } from '@/features/home';
import { loadLegalRoute } from '@/features/legal';
import { loadModifyRoute } from '@/features/modify-event';
import { loadPaymentResultRoute } from '@/features/payment-result';
import { loadStep1Route, loadStep2Route, loadSummaryRoute } from '@/features/personalization';
import { atMost } from '@/lib/timing';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';

// Every screen but the home page is its own chunk, so `/` ships only the shell and the landing:
// each feature's index.ts hands over a loader that imports its page lazily.

// The guest page loads its screen and translations at once (guest-upload's loader), and the album
// itself: the server wrote it into the page it sent (apps/server/src/modules/albums/guest-page.ts),
// or else it is asked for while the screen's code downloads. Either way the screen's first render
// has it, instead of rendering the loading state and then, when the album arrives, the whole page
// again in one uninterrupted piece (a query's result is not a transition).
// At most 3 s: after that the screen shows its own loading state.
const prefetchGuestAlbum =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const accessCode = params.accessCode ?? '';
    const { guestAlbumQuery, takeAlbumFromPage } = await import('@/lib/guest-album-query');
    const fromPage = takeAlbumFromPage(accessCode);
    if (fromPage) {
      queryClient.setQueryData(guestAlbumQuery(accessCode).queryKey, fromPage);
      return null;
    }
    await atMost(queryClient.prefetchQuery(guestAlbumQuery(accessCode)), 3000);
    return null;
  };

/** Every page of PAGE_PATHS (both spec tables and our e-mail link pages), and the 404 catch-all. */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <RootLayout />,
    children: [
      { path: PAGE_PATHS.home, element: <HomePage /> },
      { path: PAGE_PATHS.auth, lazy: loadDashboardRoute },
      { path: PAGE_PATHS.checkout, lazy: loadCheckoutRoute },
      { path: PAGE_PATHS.checkoutStep, lazy: loadCheckoutRoute },
      { path: PAGE_PATHS.paymentResult, lazy: loadPaymentResultRoute },
      { path: PAGE_PATHS.personalizationStep1, lazy: loadStep1Route },
      { path: PAGE_PATHS.personalizationStep2, lazy: loadStep2Route },
      { path: PAGE_PATHS.personalizationSummary, lazy: loadSummaryRoute },
      { path: PAGE_PATHS.albumDetail, lazy: loadAlbumDetailRoute },
      { path: PAGE_PATHS.tableCard, lazy: loadTableCardRoute },
      { path: PAGE_PATHS.guestbookPrint, lazy: loadGuestbookPrintRoute },
      { path: PAGE_PATHS.albumReady, lazy: loadAlbumReadyRoute },
      { path: PAGE_PATHS.album, lazy: loadAlbumRoute },
      { path: PAGE_PATHS.slideshow, lazy: loadSlideshowRoute },
      { path: PAGE_PATHS.guestEntry, lazy: loadGuestCodeRoute },
      { path: PAGE_PATHS.guest, lazy: loadGuestUploadRoute, loader: prefetchGuestAlbum(queryClient) },
      // RequireAuth (visitor → /auth) wraps the page inside ModifyRoute.
      { path: PAGE_PATHS.modify, lazy: loadModifyRoute },
      { path: PAGE_PATHS.helpCenter, lazy: loadHelpCenterRoute },
      { path: PAGE_PATHS.agentConsole, lazy: loadAgentConsoleRoute },
      { path: PAGE_PATHS.verifyEmail, lazy: loadVerifyEmailRoute },
      { path: PAGE_PATHS.resetPassword, lazy: loadResetPasswordRoute },
      { path: PAGE_PATHS.terms, lazy: loadLegalRoute('TermsPage') },
      { path: PAGE_PATHS.privacy, lazy: loadLegalRoute('PrivacyPage') },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
