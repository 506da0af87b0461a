import { describe, expect, it } from 'vitest';
import { checkCoverImage } from './image-checks';

describe('checkCoverImage (spec 001 §5)', () => {
  it('accepts JPEG, PNG and WebP up to exactly 5 MB', () => {
    for (const type of ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'])
      expect(checkCoverImage({ size: 5_242_880, type })).toBeNull();
  });

  it('rejects a file over 5 MB with its size to one decimal', () => {
    expect(checkCoverImage({ size: 5_242_881, type: 'image/png' })).toEqual({ kind: 'tooLarge', sizeMb: '5.0' });
    expect(checkCoverImage({ size: 6.5 * 1024 * 1024, type: 'image/jpeg' })).toEqual({
      kind: 'tooLarge',
      sizeMb: '6.5',
    });
  });

  it('rejects other types', () => {
    expect(checkCoverImage({ size: 1000, type: 'application/pdf' })).toEqual({ kind: 'type' });
    expect(checkCoverImage({ size: 1000, type: 'image/gif' })).toEqual({ kind: 'type' });
    expect(checkCoverImage({ size: 1000, type: '' })).toEqual({ kind: 'type' });
  });
});
