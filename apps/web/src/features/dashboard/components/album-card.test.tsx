import type { EventListEntry } from '@momentos/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AlbumCard } from './album-card';

const album: EventListEntry = {
  id: '1b6f1c2a-4e5d-4c3b-9a8f-7e6d5c4b3a21',
  nombre: 'Boda de Ana y Luis',
  estatus: true,
  fechaDeEvento: '2027-06-12',
  fechaCompra: '2026-05-01T10:00:00.000Z',
  urlImagen: null,
  has_customization: true,
  customization_id: '2b6f1c2a-4e5d-4c3b-9a8f-7e6d5c4b3a21',
  uploadsCloseDate: '2027-06-27',
};

function renderCard(overrides: Partial<EventListEntry> = {}) {
  return renderWithProviders(<AlbumCard album={{ ...album, ...overrides }} />, {
    path: '/auth',
    extraRoutes: [
      { path: '/modify/:id', element: <p>modify page</p> },
      { path: '/album-detail/:id', element: <p>detail page</p> },
    ],
  });
}

describe('AlbumCard', () => {
  it('links to the album detail and shows name, badge, dates and the fallback image', () => {
    renderCard();
    expect(screen.getByRole('link')).toHaveAttribute('href', `/album-detail/${album.id}`);
    expect(screen.getByTestId('album-card-name')).toHaveTextContent('Boda de Ana y Luis');
    expect(screen.getByTestId('album-status')).toHaveTextContent('Activo');
    expect(screen.getByTestId('album-card-fallback')).toBeInTheDocument();
    expect(screen.getByText('12 jun 2027')).toBeInTheDocument();
  });

  it('says until when guests can upload, that uploads closed, or that they never close', () => {
    const { unmount } = renderCard();
    expect(screen.getByTestId('album-card-uploads')).toHaveTextContent(/^Subidas hasta:\s*27 jun 2027$/);
    unmount();
    const closed = renderCard({ estatus: false, uploadsCloseDate: '2026-11-20' });
    expect(screen.getByTestId('album-card-uploads')).toHaveTextContent(/^Subidas cerradas el\s*20 nov 2026$/);
    closed.unmount();
    renderCard({ uploadsCloseDate: null });
    expect(screen.getByTestId('album-card-uploads')).toHaveTextContent(/^Subidas:\s*sin fecha de cierre$/);
  });

  it('menu: modify goes to /modify/{customization id}', async () => {
    const user = userEvent.setup();
    const { router } = renderCard();
    await user.click(screen.getByTestId('album-card-menu'));
    expect(await screen.findByTestId('album-card-view')).toHaveTextContent('Ver álbum');
    await user.click(screen.getByTestId('album-card-modify'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/modify/${album.customization_id}`));
  });

  it('menu: modify is disabled and marked not available without a customization', async () => {
    const user = userEvent.setup();
    const { router } = renderCard({ has_customization: false, customization_id: null, estatus: false });
    expect(screen.getByTestId('album-status')).toHaveTextContent('Inactivo');
    await user.click(screen.getByTestId('album-card-menu'));
    const modify = await screen.findByTestId('album-card-modify');
    expect(modify).toHaveAttribute('data-disabled');
    expect(modify).toHaveTextContent('No disponible');
    await user.click(modify);
    expect(router.state.location.pathname).toBe('/auth');
    await user.click(screen.getByTestId('album-card-view'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/album-detail/${album.id}`));
  });
});
