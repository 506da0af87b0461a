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
      numeroVideos: 15,
      unlimitedVideos: false,
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
    consolidado: { guests: 12, photos: 87, videos: 3, messages: 12, messagesLeft: 288, sectionsUsed: 2, ...c },
    itinerario: [],
  } as unknown as EventDetails;
}

const capacity = (label: string) =>
  within(screen.getByTestId('details-capacities')).getByText(label).closest('div')?.querySelector('dd')?.textContent;

describe('Capacidades', () => {
  it('says how much of each of the five capacities is in use, in the plan’s order', () => {
    renderWithProviders(<DetailsTab data={details({}, { guests: 1204, photos: 87 })} />);
    expect(capacity('Invitados')).toBe(`${(1204).toLocaleString('es')} de 150`);
    expect(capacity('Fotos')).toBe('87 de 300');
    expect(capacity('Videos')).toBe('3 de 15');
    expect(capacity('Mensajes')).toBe('12 de 300');
    expect(capacity('Secciones')).toBe('2 de 3');
    const rows = within(screen.getByTestId('details-capacities')).getAllByTestId(/^capacity-/);
    expect(rows.map((row) => row.dataset.testid)).toEqual([
      'capacity-guests',
      'capacity-photos',
      'capacity-videos',
      'capacity-messages',
      'capacity-sections',
    ]);
  });

  it('says Elite’s video clips are unlimited rather than hiding them', () => {
    renderWithProviders(<DetailsTab data={details({ numeroVideos: null, unlimitedVideos: true }, { videos: 41 })} />);
    expect(capacity('Videos')).toBe('41 · ilimitados');
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
