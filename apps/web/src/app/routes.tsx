import { PAGE_PATHS } from '@momentos/contract/page-paths';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { HomePage } from '@/features/home/components/home-page';
import { i18n } from '@/lib/i18n';
import { atMost } from '@/lib/timing';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';

// Every screen but the home page is its own chunk, so `/` ships only the shell and the landing.
const dashboard = async () => ({ Component: (await import('@/features/dashboard/routes')).DashboardRoute });
const albumDetail = async () => ({ Component: (await import('@/features/album-detail/routes')).AlbumDetailRoute });
const tableCard = async () => ({ Component: (await import('@/features/album-detail/routes')).TableCardRoute });
const albumReady = async () => ({ Component: (await import('@/features/album-detail/routes')).AlbumReadyRoute });
const modify = async () => ({ Component: (await import('@/features/modify-event/routes')).ModifyRoute });
const step1 = async () => ({ Component: (await import('@/features/personalization/routes')).Step1Route });
const step2 = async () => ({ Component: (await import('@/features/personalization/routes')).Step2Route });
const summary = async () => ({ Component: (await import('@/features/personalization/routes')).SummaryRoute });
// The first render must not suspend on a translation (index.html's first-paint shell would give way
// to a blank fallback): the screen's chunk and its namespace load together.
const checkout = async () => {
  const [screen] = await Promise.all([import('@/features/checkout/components/checkout-page'), i18n.loadNamespaces('checkout').catch(() => undefined)]);
  return { Component: screen.CheckoutPage };
};
const paymentResult = async () => ({ Component: (await import('@/features/payment-result/components/payment-result-page')).PaymentResultPage });
const helpCenter = async () => ({ Component: (await import('@/features/help-center/components/help-center-page')).HelpCenterPage });
const agentConsole = async () => ({ Component: (await import('@/features/help-center/components/agent-console-page')).AgentConsolePage });
const verifyEmail = async () => ({ Component: (await import('@/features/auth/components/verify-email-page')).VerifyEmailPage });
// A guest at a venue may have poor signal: fetch the screen and its translations at the same time.
const guestUpload = async () => {
  const [screen] = await Promise.all([import('@/features/guest-upload/components/guest-upload-page'), i18n.loadNamespaces('guest').catch(() => undefined)]);
  return { Component: screen.GuestUploadPage };
};
// …and the album itself: the server wrote it into the page it sent (apps/server/src/modules/guests/
// guest-page.ts), or else it is asked for while the screen's code downloads. Either way the
// screen's first render has it, instead of rendering the loading state and then, when the album
// arrives, the whole page again in one uninterrupted piece (a query's result is not a transition).
// At most 3 s: after that the screen shows its own loading state.
const prefetchGuestAlbum = (queryClient: QueryClient) => async ({ params }: LoaderFunctionArgs) => {
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
const album = async () => ({ Component: (await import('@/features/guest-album/routes')).AlbumRoute });
const slideshow = async () => ({ Component: (await import('@/features/guest-album/routes')).SlideshowRoute });
const resetPassword = async () => ({ Component: (await import('@/features/auth/components/reset-password-page')).ResetPasswordPage });
// Long text: its chunk and namespace load together, so the page never renders its keys.
const legal = (name: 'TermsPage' | 'PrivacyPage') => async () => {
  const [screen] = await Promise.all([import('@/features/legal/components/legal-page'), i18n.loadNamespaces('legal').catch(() => undefined)]);
  return { Component: screen[name] };
};

/** Every page of PAGE_PATHS (both spec tables and our e-mail link pages), and the 404 catch-all. */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <RootLayout />,
    children: [
      { path: PAGE_PATHS.home, element: <HomePage /> },
      { path: PAGE_PATHS.auth, lazy: dashboard },
      { path: PAGE_PATHS.checkout, lazy: checkout },
      { path: PAGE_PATHS.checkoutStep, lazy: checkout },
      { path: PAGE_PATHS.paymentResult, lazy: paymentResult },
      { path: PAGE_PATHS.personalizationStep1, lazy: step1 },
      { path: PAGE_PATHS.personalizationStep2, lazy: step2 },
      { path: PAGE_PATHS.personalizationSummary, lazy: summary },
      { path: PAGE_PATHS.albumDetail, lazy: albumDetail },
      { path: PAGE_PATHS.tableCard, lazy: tableCard },
      { path: PAGE_PATHS.albumReady, lazy: albumReady },
      { path: PAGE_PATHS.album, lazy: album },
      { path: PAGE_PATHS.slideshow, lazy: slideshow },
      { path: PAGE_PATHS.guest, lazy: guestUpload, loader: prefetchGuestAlbum(queryClient) },
      // RequireAuth (visitor → /auth) wraps the page inside ModifyRoute.
      { path: PAGE_PATHS.modify, lazy: modify },
      { path: PAGE_PATHS.helpCenter, lazy: helpCenter },
      { path: PAGE_PATHS.agentConsole, lazy: agentConsole },
      { path: PAGE_PATHS.verifyEmail, lazy: verifyEmail },
      { path: PAGE_PATHS.resetPassword, lazy: resetPassword },
      { path: PAGE_PATHS.terms, lazy: legal('TermsPage') },
      { path: PAGE_PATHS.privacy, lazy: legal('PrivacyPage') },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
