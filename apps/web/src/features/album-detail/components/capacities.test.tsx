import type { Consolidado, EventDetails, Habilidades } from '@momentos/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DetailsTab } from './details-tab';

/** An album's details as the Detalles tab reads them; `h` and `c` change the plan and the figures. */
function details(h: Partial<Habilidades>, c: Partial<Consolidado>): EventDetails {
  return {
    evento: { fechaDeEvento: '2027-06-12', fechaCompra: '2027-01-02', estatus: true },
    habilidades: {
      paquete: 'Plus',
      status: 'active',
      fechaHabilitacion: '2027-01-02',
      fechaDeshabilitacion: null,
      numeroInvitados: 150,
      numeroImagenes: 300,
      numeroMensajes: 300,
      secciones: 3,
      enableParejas: false,
      verification: false,
      marcaAgua: null,
      tipoLetra: 'Georgia',
      heightLetra: 32,
      musica: '',
      avisos: false,
      uploadsCloseDate: null,
      zipDownload: false,
      basicAnalytics: false,
      advancedAnalytics: false,
      unlimitedMessages: false,
      voiceNotes: true,
      ...h,
    },
    consolidado: { messages: 12, messagesLeft: 288, sectionsUsed: 2, ...c },
    itinerario: [],
  } as unknown as EventDetails;
}

const capacity = (label: string) =>
  within(screen.getByTestId('details-capacities')).getByText(label).closest('div')?.querySelector('dd')?.textContent;

describe('Capacidades', () => {
  it('says how many messages and sections are in use of the plan’s', () => {
    renderWithProviders(<DetailsTab data={details({}, {})} />);
    expect(capacity('Mensajes')).toBe('12 de 300');
    expect(capacity('Secciones')).toBe('2 de 3');
    expect(capacity('Invitados')).toBe('150');
  });

  it('says the messages are unlimited on Elite', () => {
    renderWithProviders(
      <DetailsTab
        data={details({ numeroMensajes: null, unlimitedMessages: true, secciones: 12 }, { messages: 1204 })}
      />,
    );
    expect(capacity('Mensajes')).toBe('1204 · ilimitados');
    expect(capacity('Secciones')).toBe('2 de 12');
  });
});
