import { describe, expect, it } from 'vitest';
import { shrinkAttempts } from './shrink-cover';

describe('shrinkAttempts', () => {
  it('fits a 6000 × 4000 phone photo into 2400 px first, then smaller and softer', () => {
    expect(shrinkAttempts(6000, 4000)).toEqual([
      { width: 2400, height: 1600, quality: 0.85 },
      { width: 2400, height: 1600, quality: 0.7 },
      { width: 1800, height: 1200, quality: 0.7 },
      { width: 1200, height: 800, quality: 0.6 },
    ]);
  });

  it('keeps a portrait upright and never enlarges a small picture', () => {
    expect(shrinkAttempts(3000, 4000)[0]).toEqual({ width: 1800, height: 2400, quality: 0.85 });
    expect(shrinkAttempts(1000, 800)[0]).toEqual({ width: 1000, height: 800, quality: 0.85 });
  });
});
