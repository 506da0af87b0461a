import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TOOLTIP_DELAY_MS } from './tooltip';

function hover(element: HTMLElement) {
  fireEvent.pointerEnter(element.parentElement!, { pointerType: 'mouse' });
}
function leave(element: HTMLElement) {
  fireEvent.pointerLeave(element.parentElement!, { pointerType: 'mouse' });
}

describe('Tooltip', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens after a 700 ms hover and closes when the pointer leaves', () => {
    render(
      <Tooltip label="Español">
        <button type="button">es</button>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'es' });
    hover(trigger);
    act(() => void vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 50));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => void vi.advanceTimersByTime(60));
    expect(screen.getByRole('tooltip').textContent).toBe('Español');
    leave(trigger);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens the next tooltip at once within the 300 ms skip delay', () => {
    render(
      <>
        <Tooltip label="Español">
          <button type="button">es</button>
        </Tooltip>
        <Tooltip label="English">
          <button type="button">en</button>
        </Tooltip>
      </>,
    );
    const es = screen.getByRole('button', { name: 'es' });
    hover(es);
    act(() => void vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    leave(es);
    act(() => void vi.advanceTimersByTime(100));
    hover(screen.getByRole('button', { name: 'en' }));
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip').textContent).toBe('English');
  });
});
