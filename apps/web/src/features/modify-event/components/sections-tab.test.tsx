import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { createTestI18n, jsonResponse } from '@/test/render';
import esModify from '../../../../public/locales/es/modify.json';
import { SectionsTab } from './sections-tab';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const ALBUM_ID = '3f1c9a52-6d4e-4b7a-9c21-5e8f0a1b2c3d';
const CEREMONIA = '0b6f1f5e-4a57-4d39-9f3e-1f0a4d1c2b01';
const FIESTA = '0b6f1f5e-4a57-4d39-9f3e-1f0a4d1c2b02';
type Listed = { id: string; name: string; position: number; photoCount: number };
const section = (id: string, name: string, position: number, photoCount = 0): Listed => ({
  id,
  name,
  position,
  photoCount,
});

/**
 * The host's sections API: the list answers `sections` and `limit`; a write answers `refusal` when
 * set, else it is applied to the list as the server would.
 */
function serve(initial: Listed[], limit: number) {
  let sections = [...initial];
  let refusal: { status: number; code: string } | null = null;
  const writes: { method: string; url: string; body: unknown }[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === `/api/events/${ALBUM_ID}/sections`)
      return jsonResponse({ success: true, data: { items: sections, limit } });
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    writes.push({ method, url, body });
    if (refusal) return jsonResponse({ success: false, message: 'refused', code: refusal.code }, refusal.status);
    const id = url.split('/').pop()!;
    if (method === 'POST') {
      const created = section(crypto.randomUUID(), body.name, sections.length);
      sections.push(created);
      return jsonResponse({ success: true, data: created }, 201);
    }
    if (method === 'PATCH') {
      const moved = sections.find((item) => item.id === id)!;
      if (body.name) moved.name = body.name;
      if (body.position !== undefined) {
        sections = sections.filter((item) => item !== moved);
        sections.splice(body.position, 0, moved);
        sections = sections.map((item, position) => ({ ...item, position }));
      }
      return jsonResponse({ success: true, data: moved });
    }
    if (method === 'DELETE') {
      sections = sections.filter((item) => item.id !== id);
      return jsonResponse({ success: true });
    }
    throw new Error(`unexpected ${method} ${url}`);
  });
  return { writes, refuse: (next: typeof refusal) => (refusal = next) };
}

function renderTab(albumId: string | null = ALBUM_ID) {
  const i18n = createTestI18n();
  i18n.addResourceBundle('es', 'modify', esModify);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <SectionsTab albumId={albumId} />
          <Toaster />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup();
}

const names = () => screen.queryAllByTestId('section-name').map((node) => node.textContent);

describe('the modify screen’s sections', () => {
  it('lists the main part and the named sections, counting the main part as one', async () => {
    serve([section(CEREMONIA, 'Ceremonia', 0, 4)], 3);
    renderTab();
    expect(await screen.findByTestId('sections-usage')).toHaveTextContent('2 de 3 secciones');
    expect(screen.getByText('Álbum principal')).toBeInTheDocument();
    expect(names()).toEqual(['Ceremonia']);
    expect(screen.getByText('4 fotos')).toBeInTheDocument();
    // The main part has no controls: it cannot be renamed, moved or deleted.
    expect(screen.getAllByRole('button', { name: /^Eliminar / })).toHaveLength(1);
  });

  it('adds a section with Enter, then disables adding at the plan’s count and says why', async () => {
    const api = serve([section(CEREMONIA, 'Ceremonia', 0)], 3);
    const user = renderTab();
    await user.type(await screen.findByLabelText('Nueva sección'), 'Fiesta{Enter}');
    await waitFor(() => expect(names()).toEqual(['Ceremonia', 'Fiesta']));
    expect(api.writes).toEqual([{ method: 'POST', url: `/api/events/${ALBUM_ID}/sections`, body: { name: 'Fiesta' } }]);
    expect(screen.getByLabelText('Nueva sección')).toHaveValue('');
    expect(screen.getByTestId('sections-usage')).toHaveTextContent('3 de 3 secciones');
    expect(screen.getByTestId('section-add')).toBeDisabled();
    expect(screen.getByLabelText('Nueva sección')).toBeDisabled();
    expect(screen.getByTestId('sections-limit')).toHaveTextContent(
      'Tu plan permite 3 secciones, contando el álbum principal.',
    );
  });

  it('tells a Basic host that sections come with Plus', async () => {
    serve([], 1);
    renderTab();
    expect(await screen.findByTestId('sections-usage')).toHaveTextContent('1 de 1 sección');
    expect(screen.getByTestId('sections-limit')).toHaveTextContent('Las secciones vienen con el plan Plus o superior');
    expect(screen.getByTestId('section-add')).toBeDisabled();
  });

  it('keeps a refused name as typed and says the name is taken', async () => {
    const api = serve([section(CEREMONIA, 'Ceremonia', 0)], 6);
    api.refuse({ status: 409, code: 'CONFLICT' });
    const user = renderTab();
    await user.type(await screen.findByLabelText('Nueva sección'), 'ceremonia{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ya tienes una sección con ese nombre');
    expect(screen.getByLabelText('Nueva sección')).toHaveValue('ceremonia');
    expect(names()).toEqual(['Ceremonia']);
  });

  it('renames in place, and keeps the typed name when the server refuses it', async () => {
    const api = serve([section(CEREMONIA, 'Ceremonia', 0), section(FIESTA, 'Fiesta', 1)], 6);
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Cambiar el nombre de Fiesta' }));
    const input = screen.getByLabelText('Nombre de la sección');
    await user.clear(input);
    api.refuse({ status: 409, code: 'CONFLICT' });
    await user.type(input, 'Ceremonia{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ya tienes una sección con ese nombre');
    expect(screen.getByLabelText('Nombre de la sección')).toHaveValue('Ceremonia');

    api.refuse(null);
    await user.clear(input);
    await user.type(input, 'Baile{Enter}');
    await waitFor(() => expect(names()).toEqual(['Ceremonia', 'Baile']));
    expect(api.writes.at(-1)).toEqual({
      method: 'PATCH',
      url: `/api/events/${ALBUM_ID}/sections/${FIESTA}`,
      body: { name: 'Baile' },
    });
  });

  it('moves a section down and up with buttons, the ends disabled', async () => {
    const api = serve([section(CEREMONIA, 'Ceremonia', 0), section(FIESTA, 'Fiesta', 1)], 6);
    const user = renderTab();
    expect(await screen.findByRole('button', { name: 'Subir Ceremonia' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Bajar Fiesta' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Bajar Ceremonia' }));
    await waitFor(() => expect(names()).toEqual(['Fiesta', 'Ceremonia']));
    expect(api.writes).toEqual([
      { method: 'PATCH', url: `/api/events/${ALBUM_ID}/sections/${CEREMONIA}`, body: { position: 1 } },
    ]);
  });

  it('deletes after a confirmation that says the photos move to the main part', async () => {
    const api = serve([section(CEREMONIA, 'Ceremonia', 0, 12), section(FIESTA, 'Fiesta', 1)], 6);
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Eliminar Ceremonia' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Eliminar la sección «Ceremonia»?');
    expect(dialog).toHaveTextContent('Sus 12 fotos pasan al álbum principal. No se pierde nada.');
    expect(api.writes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar sección' }));
    await waitFor(() => expect(names()).toEqual(['Fiesta']));
    expect(api.writes).toEqual([
      { method: 'DELETE', url: `/api/events/${ALBUM_ID}/sections/${CEREMONIA}`, body: undefined },
    ]);
  });

  it('waits for the album before offering sections', () => {
    renderTab(null);
    expect(screen.getByText('Podrás crear secciones cuando tu álbum esté listo.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
