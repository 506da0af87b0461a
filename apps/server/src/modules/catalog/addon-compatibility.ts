import type { AddonType, PlanTier } from '@momentos/contract';

/**
 * PRODUCT.md: an add-on is compatible with a plan when the plan does not already include what
 * it gives. Premium and elite have no watermark and include the ZIP download; elite includes
 * advanced analytics and unlimited video.
 */
const INCOMPATIBLE_TIERS: Partial<Record<AddonType, readonly PlanTier[]>> = {
  watermark_removal: ['premium', 'elite'],
  album_download: ['premium', 'elite'],
  advanced_analytics: ['elite'],
  extra_videos: ['elite'],
};

export function isAddonCompatible(addonType: AddonType, tier: PlanTier): boolean {
  return !(INCOMPATIBLE_TIERS[addonType] ?? []).includes(tier);
}
