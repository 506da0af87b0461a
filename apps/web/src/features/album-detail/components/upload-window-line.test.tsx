import type { EventDetails } from '@momentos/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { UploadWindowLine } from './upload-window-line';

/** Only what the line reads: whether uploads are open and the last day the server names. */
const details = (open: boolean, uploadsCloseDate: string | null) =>
  ({ evento: { estatus: open }, habilidades: { uploadsCloseDate } }) as unknown as EventDetails;

describe('UploadWindowLine', () => {
  it('tells the host until which day guests can upload, that uploads closed, or that they never close', () => {
    const open = renderWithProviders(<UploadWindowLine data={details(true, '2026-12-27')} />);
    const line = () => screen.getByTestId('album-upload-window');
    expect(line()).toHaveTextContent('Los invitados pueden subir fotos hasta el 27 de diciembre de 2026');
    open.unmount();
    const closed = renderWithProviders(<UploadWindowLine data={details(false, '2026-12-27')} />);
    expect(line()).toHaveTextContent(
      'Las subidas cerraron el 27 de diciembre de 2026; los invitados aún pueden ver el álbum',
    );
    closed.unmount();
    renderWithProviders(<UploadWindowLine data={details(true, null)} />);
    expect(line()).toHaveTextContent('Los invitados pueden subir fotos sin fecha de cierre');
  });
});
