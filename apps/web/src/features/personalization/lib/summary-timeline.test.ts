import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runSummaryTimeline, type SummaryPhase } from './summary-timeline';

describe('runSummaryTimeline (spec 001 §2, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes left → center at 1 s → back-left at 4 s → complete at 5 s on desktop', () => {
    const phases: SummaryPhase[] = [];
    runSummaryTimeline(false, (phase) => phases.push(phase));
    vi.advanceTimersByTime(999);
    expect(phases).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(phases).toEqual(['center']);
    vi.advanceTimersByTime(2999);
    expect(phases).toEqual(['center']);
    vi.advanceTimersByTime(1);
    expect(phases).toEqual(['center', 'back-left']);
    vi.advanceTimersByTime(1000);
    expect(phases).toEqual(['center', 'back-left', 'complete']);
  });

  it('goes straight to complete after 1.5 s on a phone', () => {
    const phases: SummaryPhase[] = [];
    runSummaryTimeline(true, (phase) => phases.push(phase));
    vi.advanceTimersByTime(1499);
    expect(phases).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(phases).toEqual(['complete']);
  });

  it('stops when cancelled', () => {
    const onPhase = vi.fn();
    const cancel = runSummaryTimeline(false, onPhase);
    vi.advanceTimersByTime(1000);
    cancel();
    vi.advanceTimersByTime(10_000);
    expect(onPhase).toHaveBeenCalledTimes(1);
  });
});
