import type { PlanTier } from '@momentos/contract';
import type { PackageSnapshot } from '../../db/schema/index.js';

/** Spec 000 section 9's plan limits; null means unlimited (videos) or permanent (window). */
const TIER_LIMITS: Record<PlanTier, { guests: number; photos: number; videos: number | null; days: number | null; watermark: boolean }> = {
  basic: { guests: 50, photos: 100, videos: 5, days: 7, watermark: true },
  plus: { guests: 150, photos: 300, videos: 15, days: 15, watermark: true },
  premium: { guests: 300, photos: 700, videos: 30, days: 30, watermark: false },
  elite: { guests: 500, photos: 1500, videos: null, days: null, watermark: false },
};

/** What the album may hold, frozen when it is created: the tier's limits plus bought add-ons. */
export function buildPackageSnapshot(
  tier: PlanTier,
  billingType: PackageSnapshot['billingType'],
  addons: string[],
  createdAt: Date,
): PackageSnapshot {
  const limits = TIER_LIMITS[tier];
  const has = (addon: string) => addons.includes(addon);
  return {
    tier,
    billingType,
    addons: [...addons].sort(),
    guestLimit: limits.guests + (has('extra_guests') ? 50 : 0),
    photoLimit: limits.photos + (has('extra_photos') ? 200 : 0),
    videoLimit: limits.videos === null ? null : limits.videos + (has('extra_videos') ? 10 : 0),
    hasWatermark: limits.watermark && !has('watermark_removal'),
    validFrom: createdAt.toISOString(),
    validUntil: limits.days === null ? null : new Date(createdAt.getTime() + limits.days * 86_400_000).toISOString(),
  };
}
