import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '@/test/render';
import { ToastOutlet } from './toast-outlet';
import { dismissToast, toast } from './toast-store';

const region = () => screen.queryByRole('region', { name: 'Notificaciones (F8)' });

afterEach(() => {
  act(() => dismissToast());
  vi.useRealTimers();
});

describe('the toast outlet', () => {
  it('loads the toast UI with the first toast, not when the page has been idle a while', async () => {
    vi.useFakeTimers();
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <ToastOutlet />
      </I18nextProvider>,
    );
    // Well past any idle callback or timer the page might wait for.
    act(() => vi.advanceTimersByTime(10_000));
    vi.useRealTimers();
    // Time for a lazy chunk that had been asked for to arrive and render.
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(region()).toBeNull();

    act(() => void toast({ title: 'Guardado' }));
    expect(await screen.findByRole('region', { name: 'Notificaciones (F8)' })).toBeInTheDocument();
    expect(await screen.findByText('Guardado')).toBeInTheDocument();
  });
});
