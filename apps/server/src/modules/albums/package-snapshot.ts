import type { PlanTier } from '@momentos/contract';
import type { PackageSnapshot } from '../../db/schema/index.js';
import { uploadWindowEnd } from './upload-window.js';

/** Spec 000 section 9's plan limits; null means unlimited (videos) or permanent (window, days after the event). */
const TIER_LIMITS: Record<
  PlanTier,
  { guests: number; photos: number; videos: number | null; days: number | null; watermark: boolean }
> = {
  basic: { guests: 50, photos: 100, videos: 5, days: 7, watermark: true },
  plus: { guests: 150, photos: 300, videos: 15, days: 15, watermark: true },
  premium: { guests: 300, photos: 700, videos: 30, days: 30, watermark: false },
  elite: { guests: 500, photos: 1500, videos: null, days: null, watermark: false },
};

/**
 * PRODUCT.md "Guestbook and sections": messages per album (null: unlimited), sections, and whether
 * a message may carry a voice note. Migration 0016 wrote the same values into older albums' snapshots.
 */
const TIER_GUESTBOOK: Record<PlanTier, { messages: number | null; sections: number; voiceNotes: boolean }> = {
  basic: { messages: 100, sections: 1, voiceNotes: false },
  plus: { messages: 300, sections: 3, voiceNotes: true },
  premium: { messages: 1000, sections: 6, voiceNotes: true },
  elite: { messages: null, sections: 12, voiceNotes: true },
};

/** Days the upload window stays open after the event; null: it never closes. */
export const windowDaysOf = (tier: PlanTier) => TIER_LIMITS[tier].days;

export interface AlbumEvent {
  createdAt: Date;
  /** YYYY-MM-DD. */
  eventDate: string;
  /** IANA name, '' when unknown. */
  timeZone: string;
  /** End of the paid period of a cancelled subscription, else null. */
  paidThrough: Date | null;
}

/**
 * What the album may hold, frozen when it is created: the tier's limits plus bought add-ons, and
 * the upload window, from creation to the end of the plan's days after the event.
 */
export function buildPackageSnapshot(
  tier: PlanTier,
  billingType: PackageSnapshot['billingType'],
  addons: string[],
  { createdAt, eventDate, timeZone, paidThrough }: AlbumEvent,
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
    validUntil: uploadWindowEnd({ days: limits.days, eventDate, timeZone, paidThrough }),
    messageLimit: TIER_GUESTBOOK[tier].messages,
    sectionLimit: TIER_GUESTBOOK[tier].sections,
    voiceNotes: TIER_GUESTBOOK[tier].voiceNotes,
  };
}
