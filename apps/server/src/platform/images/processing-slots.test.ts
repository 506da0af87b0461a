import { describe, expect, it } from 'vitest';
import { createProcessingSlots } from './processing-slots.js';

describe('processing slots', () => {
  it('never runs more than the limit at once, and runs every task', async () => {
    const run = createProcessingSlots(2);
    let running = 0;
    let peak = 0;
    const task = async (value: number) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      if (value === 3) throw new Error('boom');
      return value;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((value) => run(() => task(value))));
    expect(peak).toBe(2);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
  });
});
