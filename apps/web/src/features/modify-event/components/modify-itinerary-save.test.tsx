import type { Customization } from '@momentos/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { createTestI18n, jsonResponse } from '@/test/render';
import esModify from '../../../../public/locales/es/modify.json';
import { formFromCustomization } from '../lib/modify-form';
import { ModifyEditor } from './modify-editor';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const ID = '00000000-0000-4000-8000-000000000001';
const customization = { id: ID, event_name: 'Boda', font_height: 18 } as unknown as Customization;
const ceremonia = { id: 'a1', icono: 'Church', hora: '17:00:00', titulo: 'Ceremonia', descripcion: '', ubicacion: '' };

/** The server side: the itinerary holds Ceremonia; DELETE answers `deleteStatus`; every write is logged. */
function serve(deleteStatus: number) {
  const writes: string[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.endsWith('/itinerary')) return jsonResponse({ success: true, data: [ceremonia] });
    writes.push(`${method} ${url}`);
    if (method === 'PATCH')
      return jsonResponse({ success: true, data: { customization, rejectedFields: [], savedFields: [] } });
    if (method === 'DELETE')
      return deleteStatus === 200
        ? jsonResponse({ success: true })
        : jsonResponse({ success: false, message: 'boom', code: 'INTERNAL' }, deleteStatus);
    throw new Error(`unexpected ${method} ${url}`);
  });
  return writes;
}

function renderEditor() {
  const i18n = createTestI18n();
  i18n.addResourceBundle('es', 'modify', esModify);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[`/modify/${ID}`]}>
          <Routes>
            <Route
              path="/modify/:id"
              element={
                <ModifyEditor
                  id={ID}
                  albumId={null}
                  initial={formFromCustomization(customization)}
                  permissions={undefined}
                />
              }
            />
            <Route path="/auth" element={<p>panel</p>} />
          </Routes>
          <Toaster />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup();
}

async function deleteCeremonia(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId('modify-tab-itinerary'));
  const entry = await screen.findByTestId('itinerary-entry');
  await user.click(within(entry).getByRole('button', { name: 'Eliminar' }));
  return entry;
}

describe('the modify screen saving its itinerary', () => {
  it('holds a delete, undoable, until “Guardar cambios”, then sends it after the event’s fields', async () => {
    const writes = serve(200);
    const user = renderEditor();
    const entry = await deleteCeremonia(user);
    expect(within(entry).getByText('Se eliminará al guardar')).toBeInTheDocument();
    await user.click(within(entry).getByRole('button', { name: 'Deshacer' }));
    expect(within(entry).queryByText('Se eliminará al guardar')).not.toBeInTheDocument();
    await user.click(within(entry).getByRole('button', { name: 'Eliminar' }));
    expect(writes).toEqual([]);

    await user.click(screen.getByTestId('modify-save'));
    await screen.findByText('panel');
    expect(writes).toEqual([`PATCH /api/customizations/${ID}`, `DELETE /api/customizations/${ID}/itinerary/a1`]);
  });

  it('on a failed delete stays, keeps the pending delete and names the activity in Spanish', async () => {
    serve(503);
    const user = renderEditor();
    await deleteCeremonia(user);
    await user.click(screen.getByTestId('modify-save'));
    expect(await screen.findByText('El itinerario no se pudo guardar completo')).toBeInTheDocument();
    expect(
      screen.getByText('No se pudo eliminar «Ceremonia». Tus cambios siguen aquí: vuelve a pulsar «Guardar cambios».'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('modify-save')).toBeEnabled());
    expect(screen.queryByText('panel')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('itinerary-entry')).getByText('Se eliminará al guardar')).toBeInTheDocument();
  });
});
