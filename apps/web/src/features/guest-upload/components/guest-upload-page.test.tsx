import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { createTestI18n, jsonResponse } from '@/test/render';
import { GuestUploadPage } from './guest-upload-page';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const ALBUM_ID = '6b1f0d7e-2c4a-4f7e-9a51-0f3f2b7c9d10';
const album = { id: ALBUM_ID, name: 'XV de Sofía', eventDate: '2027-03-06', uploadsOpen: true, videosAllowed: true, fontFamily: 'Georgia' };

// The page reads the code from the route, so it is mounted under the real pattern.
function renderAt(code: string) {
  const router = createMemoryRouter([{ path: '/guest/:accessCode', element: <GuestUploadPage /> }], { initialEntries: [`/guest/${code}`] });
  return render(
    <I18nextProvider i18n={createTestI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('GuestUploadPage', () => {
  it('says it is loading, then shows the album in its font with the weekday', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: album }));
    renderAt('123456');
    expect(screen.getByText('Cargando álbum...')).toBeInTheDocument();
    const name = await screen.findByRole('heading', { name: 'XV de Sofía' });
    expect(name).toHaveStyle({ fontFamily: '"Georgia", serif' });
    expect(screen.getByText('Sábado, 6 de marzo de 2027')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/albums/code/123456');
    expect(screen.getByRole('link', { name: 'Ver álbum completo →' })).toHaveAttribute('href', `/album/${ALBUM_ID}?code=123456`);
    expect(document.title).toBe('Subir fotos · XV de Sofía · Momentos');
  });

  it('an unknown code shows the not-found texts', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: 'Album not found', code: 'ALBUM_NOT_FOUND' }, 404));
    renderAt('000000');
    expect(await screen.findByText('Álbum no encontrado')).toBeInTheDocument();
    expect(screen.getByText('El código de acceso no es válido o el álbum no existe')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/albums/code/000000');
  });

  it('when uploads are closed it says so and offers only the album', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: { ...album, uploadsOpen: false } }));
    renderAt('123456');
    expect(await screen.findByText('Ya no se pueden subir fotos')).toBeInTheDocument();
    expect(screen.queryByLabelText('Tu nombre')).not.toBeInTheDocument();
    expect(screen.queryByTestId('guest-file-input')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ver álbum completo/ })).toHaveAttribute('href', `/album/${ALBUM_ID}?code=123456`);
  });
});
