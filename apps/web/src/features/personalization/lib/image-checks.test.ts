import { describe, expect, it } from 'vitest';
import { checkCoverImage, prepareCoverImage } from './image-checks';

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

describe('prepareCoverImage', () => {
  const picked = (size: number, type: string) => new File([new Uint8Array(size)], 'foto.jpg', { type });
  const smaller = new File([new Uint8Array(900_000)], 'foto.jpg', { type: 'image/jpeg' });

  it('sends what the browser made of a large photo, and the file itself when it fits', async () => {
    const large = picked(6 * 1024 * 1024, 'image/jpeg');
    expect(await prepareCoverImage(large, async () => smaller)).toEqual({ file: smaller });
    const small = picked(1000, 'image/png');
    expect(await prepareCoverImage(small, async (file) => file)).toEqual({ file: small });
  });

  it('refuses, with the size, a photo the browser could not bring under 5 MB', async () => {
    expect(await prepareCoverImage(picked(6.5 * 1024 * 1024, 'image/jpeg'), async () => null)).toEqual({
      rejection: { kind: 'cannotShrink', sizeMb: '6.5' },
    });
  });

  it('never tries to shrink another type: a large one is too large, a small one the wrong format', async () => {
    const shrink = async () => {
      throw new Error('not for a PDF');
    };
    expect(await prepareCoverImage(picked(6 * 1024 * 1024, 'application/pdf'), shrink)).toEqual({
      rejection: { kind: 'tooLarge', sizeMb: '6.0' },
    });
    expect(await prepareCoverImage(picked(10, 'image/gif'), shrink)).toEqual({ rejection: { kind: 'type' } });
  });
});
