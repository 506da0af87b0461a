import { describe, expect, it } from 'vitest';
import { ADDON_TYPES, PLAN_TIERS, type PlanTier } from './catalog';
import { isAddonCompatible, PLAN_LIMITS } from './plan-limits';

describe('plan limits', () => {
  it('holds the figures spec 000 §9 promises on the pricing cards', () => {
    expect(PLAN_LIMITS.basic).toMatchObject({ guests: 50, photos: 100, videos: 5, days: 7, watermark: true });
    expect(PLAN_LIMITS.plus).toMatchObject({ guests: 150, photos: 300, videos: 15, days: 15, watermark: true });
    expect(PLAN_LIMITS.premium).toMatchObject({ guests: 300, photos: 700, videos: 30, days: 30, watermark: false });
    // Elite: unlimited clips and an upload window that never closes.
    expect(PLAN_LIMITS.elite).toMatchObject({ guests: 500, photos: 1500, videos: null, days: null, watermark: false });
  });

  it('holds the guestbook and sections of PRODUCT.md', () => {
    expect(PLAN_LIMITS.basic).toMatchObject({ messages: 100, sections: 1, voiceNotes: false });
    expect(PLAN_LIMITS.plus).toMatchObject({ messages: 300, sections: 3, voiceNotes: true });
    expect(PLAN_LIMITS.premium).toMatchObject({ messages: 1000, sections: 6, voiceNotes: true });
    expect(PLAN_LIMITS.elite).toMatchObject({ messages: null, sections: 12, voiceNotes: true });
  });

  it('includes the whole-album ZIP only from Premium up (Basic and Plus buy album_download)', () => {
    expect(PLAN_TIERS.filter((tier) => PLAN_LIMITS[tier].zip)).toEqual(['premium', 'elite']);
  });

  it('never gives a higher tier less than a lower one', () => {
    const atLeast = (higher: number | null, lower: number | null) =>
      higher === null || (lower !== null && higher >= lower);
    PLAN_TIERS.slice(1).forEach((tier, index) => {
      const [higher, lower] = [PLAN_LIMITS[tier], PLAN_LIMITS[PLAN_TIERS[index]!]];
      for (const field of ['guests', 'photos', 'videos', 'days', 'messages', 'sections'] as const) {
        expect(atLeast(higher[field], lower[field]), `${tier}.${field}`).toBe(true);
      }
    });
  });

  describe('add-on compatibility: an add-on is offered only when the plan does not already include it', () => {
    const compatibleWith = (tier: PlanTier) => ADDON_TYPES.filter((addon) => isAddonCompatible(addon, tier));

    it('offers every add-on to basic and plus', () => {
      expect(compatibleWith('basic')).toEqual([...ADDON_TYPES]);
      expect(compatibleWith('plus')).toEqual([...ADDON_TYPES]);
    });

    it('does not sell premium its Full HD copies, the ZIP or watermark removal', () => {
      expect(compatibleWith('premium')).toEqual([
        'priority_support',
        'extra_guests',
        'extra_photos',
        'extra_videos',
        'advanced_analytics',
        'dedicated_support',
      ]);
    });

    it('sells elite only more guests, more photos and dedicated support', () => {
      expect(compatibleWith('elite')).toEqual(['extra_guests', 'extra_photos', 'dedicated_support']);
    });
  });
});
