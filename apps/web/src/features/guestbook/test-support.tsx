import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { createTestI18n } from '@/test/render';
import esGuestbook from '../../../public/locales/es/guestbook.json';

export { esGuestbook };

/** Renders `ui` at `path` with the shipped Spanish words, the guestbook's among them. */
export function renderGuestbook(ui: ReactNode, { path = '/', routePath }: { path?: string; routePath?: string } = {}) {
  const i18n = createTestI18n();
  i18n.addResourceBundle('es', 'guestbook', esGuestbook);
  const router = createMemoryRouter([{ path: routePath ?? path, element: ui }], { initialEntries: [path] });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

export const ALBUM_ID = '6b1f0d7e-2c4a-4f7e-9a51-0f3f2b7c9d10';
export const MESSAGE_IDS = [
  '0b6f1f5e-4a57-4d39-9f3e-1f0a4d1c2b01',
  '0b6f1f5e-4a57-4d39-9f3e-1f0a4d1c2b02',
  '0b6f1f5e-4a57-4d39-9f3e-1f0a4d1c2b03',
] as const;
