import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { createTestI18n, jsonResponse } from '@/test/render';
import esGuestbook from '../../../../public/locales/es/guestbook.json';
import { GuestUploadPage } from './guest-upload-page';

const ALBUM_ID = '6b1f0d7e-2c4a-4f7e-9a51-0f3f2b7c9d10';

function renderAt(code: string) {
  const i18n = createTestI18n();
  i18n.addResourceBundle('es', 'guestbook', esGuestbook);
  const router = createMemoryRouter([{ path: '/guest/:accessCode', element: <GuestUploadPage /> }], {
    initialEntries: [`/guest/${code}`],
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const album = {
  id: ALBUM_ID,
  name: 'XV de Sofía',
  eventDate: '2027-03-06',
  uploadsOpen: true,
  videosAllowed: true,
  fontFamily: 'Georgia',
  coverImageUrl: null,
  location: '',
  description: '',
  itinerary: [],
  music: { kind: 'audio', url: 'https://cdn.example.com/vals.mp3' },
  uploadsCloseAt: null,
  guestDownloads: true,
};

describe('"Firmado por" on the guest page', () => {
  it('starts from the name the guest typed in the upload form, before sending anything', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/albums/code/123456') return jsonResponse({ success: true, data: album });
      if (url.includes(`/api/albums/${ALBUM_ID}/messages`))
        return jsonResponse({ success: true, data: { visible: false, voiceNotes: false, items: [], totalCount: 0 } });
      return jsonResponse({ success: false, code: 'NOT_FOUND', message: 'x' }, 404);
    });
    renderAt('123456');
    await userEvent.type(await screen.findByTestId('guest-name'), 'Tía Carmen');
    await userEvent.click(await screen.findByRole('button', { name: esGuestbook.entry.button }));
    const dialog = await screen.findByTestId('guestbook-compose');
    expect(within(dialog).getByLabelText(esGuestbook.compose.nameLabel)).toHaveValue('Tía Carmen');
  });
});
