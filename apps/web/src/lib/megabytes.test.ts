import { describe, expect, it } from 'vitest';
import { megabytes } from './megabytes';

describe('megabytes in messages', () => {
  it("gives a file's size with one decimal", () => {
    expect(megabytes(12 * 1024 * 1024 + 300_000)).toBe('12.3');
    expect(megabytes(5_242_881)).toBe('5.0');
  });
});
