import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import es from '../../public/locales/es/common.json';
import enGuest from '../../public/locales/en/guest.json';
import esGuest from '../../public/locales/es/guest.json';
import esAlbum from '../../public/locales/es/album.json';
import esAlbumDetail from '../../public/locales/es/albumDetail.json';
import esDashboard from '../../public/locales/es/dashboard.json';
import esHelp from '../../public/locales/es/help.json';
import esPersonalization from '../../public/locales/es/personalization.json';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';

export { es, esAlbum, esAlbumDetail, esDashboard, esGuest, esHelp, esPersonalization };

/** A synchronous i18n instance with the real Spanish file, so tests read the shipped copy. */
export function createTestI18n() {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'es',
    fallbackLng: 'es',
    resources: {
      es: {
        common: es,
        help: esHelp,
        guest: esGuest,
        dashboard: esDashboard,
        albumDetail: esAlbumDetail,
        album: esAlbum,
        personalization: esPersonalization,
      },
    },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return i18n;
}

/** The guest page's words alone, in either language, for components that say things in both. */
export function createGuestI18n(lng: 'es' | 'en') {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    resources: { [lng]: { guest: lng === 'es' ? esGuest : enGuest } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return i18n;
}

/** Renders `ui` at `path` inside the app's providers; extra routes catch navigations. */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/', extraRoutes = [] as { path: string; element: ReactNode }[] } = {},
) {
  const router = createMemoryRouter([{ path, element: ui }, ...extraRoutes], { initialEntries: [path] });
  const result = render(
    <I18nextProvider i18n={createTestI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, router };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
