import { ADDON_TYPES, PLAN_TIERS } from '@momentos/contract';
import { describe, expect, it } from 'vitest';
import { isAddonCompatible } from './addon-compatibility.js';

const compatibleWith = (tier: (typeof PLAN_TIERS)[number]) =>
  ADDON_TYPES.filter((addon) => isAddonCompatible(addon, tier));

describe('add-on compatibility (PRODUCT.md)', () => {
  it('offers every add-on to basic and plus', () => {
    expect(compatibleWith('basic')).toEqual([...ADDON_TYPES]);
    expect(compatibleWith('plus')).toEqual([...ADDON_TYPES]);
  });

  it('does not sell premium what it already includes', () => {
    expect(compatibleWith('premium')).not.toContain('watermark_removal');
    expect(compatibleWith('premium')).not.toContain('album_download');
    expect(compatibleWith('premium')).toContain('advanced_analytics');
  });

  it('does not sell elite analytics, extra videos, watermark removal or the download', () => {
    expect(compatibleWith('elite')).toEqual([
      'priority_support',
      'extra_guests',
      'extra_photos',
      'full_hd_videos',
      'dedicated_support',
    ]);
  });
});
