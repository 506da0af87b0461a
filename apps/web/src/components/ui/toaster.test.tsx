import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { toast } from './toast-store';

describe('the toast region', () => {
  it('names its landmark with the real hotkey and each toast without a placeholder', async () => {
    renderWithProviders(<p>página</p>);
    act(() => toast({ title: 'Guardado' }));
    expect(await screen.findByRole('region', { name: 'Notificaciones (F8)' })).toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain('{hotkey}');
  });
});
