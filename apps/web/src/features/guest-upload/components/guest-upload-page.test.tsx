import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { createTestI18n, jsonResponse } from '@/test/render';
import type { GuestAlbum } from '../api/guest-api';
import { GuestUploadPage } from './guest-upload-page';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const ALBUM_ID = '6b1f0d7e-2c4a-4f7e-9a51-0f3f2b7c9d10';
const album: GuestAlbum = {
  id: ALBUM_ID,
  name: 'XV de Sofía',
  eventDate: '2027-03-06',
  uploadsOpen: true,
  videosAllowed: true,
  fontFamily: 'Georgia',
  coverImageUrl: '/uploads/covers/portada.webp',
  location: 'Salón Los Arcos, Puebla',
  description: '¡Bienvenidos!\nGracias por venir.',
  itinerary: [
    {
      id: '0b6f1f5e-4a57-4d39-9f3e-1f0a4d1c2b01',
      icon: 'Church',
      time: '17:00',
      title: 'Misa',
      description: '',
      location: 'Parroquia de San José',
    },
    {
      id: '0b6f1f5e-4a57-4d39-9f3e-1f0a4d1c2b02',
      icon: 'Unknown',
      time: '21:00',
      title: 'Vals',
      description: 'Con la familia',
      location: '',
    },
  ],
  music: { kind: 'audio', url: 'https://cdn.example.com/vals.mp3' },
  uploadsCloseAt: null,
  guestDownloads: true,
};

// The page reads the code from the route, so it is mounted under the real pattern.
function renderAt(code: string) {
  const router = createMemoryRouter([{ path: '/guest/:accessCode', element: <GuestUploadPage /> }], {
    initialEntries: [`/guest/${code}`],
  });
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
    // Its web font first, the font itself while that loads, then its generic family.
    expect(name).toHaveStyle({ fontFamily: '"Gelasio", "Georgia", serif' });
    expect(screen.getByText('Sábado, 6 de marzo de 2027')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/albums/code/123456');
    expect(screen.getByRole('link', { name: 'Ver álbum completo →' })).toHaveAttribute(
      'href',
      `/album/${ALBUM_ID}?code=123456`,
    );
    expect(document.title).toBe('Subir fotos · XV de Sofía · Momentos');
  });

  it("shows the host's cover, place, music, welcome text and itinerary, the form before the welcome", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: album }));
    renderAt('123456');
    await screen.findByRole('heading', { name: 'XV de Sofía' });
    expect(screen.getByTestId('guest-album-cover')).toHaveAttribute('src', '/uploads/covers/portada.webp');
    expect(screen.getByTestId('guest-album-place')).toHaveTextContent('Salón Los Arcos, Puebla');
    expect(screen.getByTestId('guest-album-music-audio')).toHaveAttribute('src', 'https://cdn.example.com/vals.mp3');
    expect(screen.getByTestId('guest-album-music-audio')).toHaveAttribute('preload', 'none');
    expect(screen.getByRole('button', { name: 'Reproducir la música' })).toBeInTheDocument();
    expect(screen.getByTestId('guest-album-welcome').textContent).toBe('¡Bienvenidos!\nGracias por venir.');
    const [mass, waltz] = screen.getAllByTestId('guest-album-itinerary-entry');
    expect(mass).toHaveTextContent('17:00Misa');
    expect(mass).toHaveTextContent('Parroquia de San José');
    expect(mass!.querySelector('svg.lucide-church')).not.toBeNull();
    // An icon name the app does not know shows a pin.
    expect(waltz!.querySelector('svg.lucide-map-pin')).not.toBeNull();
    expect(waltz).toHaveTextContent('Con la familia');
    const form = screen.getByTestId('guest-upload-form');
    expect(
      form.compareDocumentPosition(screen.getByTestId('guest-album-welcome')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.queryByTestId('guest-closes-at')).not.toBeInTheDocument();
  });

  it('a streaming link opens in a new tab and a style is said in words', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        success: true,
        data: { ...album, music: { kind: 'link', url: 'https://open.spotify.com/playlist/1' } },
      }),
    );
    const { unmount } = renderAt('123456');
    const link = await screen.findByRole('link', { name: 'Escuchar la música (se abre en otra pestaña)' });
    expect(link).toHaveAttribute('href', 'https://open.spotify.com/playlist/1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    unmount();
    fetchMock.mockResolvedValue(
      jsonResponse({ success: true, data: { ...album, music: { kind: 'text', text: 'Boleros' } } }),
    );
    renderAt('123456');
    expect(await screen.findByText('Música: Boleros')).toBeInTheDocument();
  });

  it('says until when uploads stay open in the last three days only', async () => {
    const closesAt = new Date(Date.now() + 2 * 24 * 3600 * 1000);
    fetchMock.mockResolvedValue(
      jsonResponse({ success: true, data: { ...album, uploadsCloseAt: closesAt.toISOString() } }),
    );
    const { unmount } = renderAt('123456');
    const notice = await screen.findByTestId('guest-closes-at');
    const expected = new Intl.DateTimeFormat('es', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: 'numeric',
      minute: '2-digit',
    }).format(closesAt);
    expect(notice).toHaveTextContent(`Puedes subir fotos hasta el ${expected}`);
    unmount();
    fetchMock.mockResolvedValue(
      jsonResponse({
        success: true,
        data: { ...album, uploadsCloseAt: new Date(Date.now() + 4 * 24 * 3600 * 1000).toISOString() },
      }),
    );
    renderAt('123456');
    await screen.findByRole('heading', { name: 'XV de Sofía' });
    expect(screen.queryByTestId('guest-closes-at')).not.toBeInTheDocument();
  });

  it('an unknown code shows the not-found texts', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, message: 'Album not found', code: 'ALBUM_NOT_FOUND' }, 404),
    );
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
    expect(screen.getByRole('link', { name: /Ver álbum completo/ })).toHaveAttribute(
      'href',
      `/album/${ALBUM_ID}?code=123456`,
    );
  });
});
