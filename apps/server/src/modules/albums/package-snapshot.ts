import { PLAN_LIMITS, type PlanTier } from '@momentos/contract';
import type { PackageSnapshot } from '../../db/schema/index.js';
import { uploadWindowEnd } from './upload-window.js';

/** Days the upload window stays open after the event; null: it never closes. */
export const windowDaysOf = (tier: PlanTier) => PLAN_LIMITS[tier].days;

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
 * What the album may hold, frozen when it is created: the tier's limits (`PLAN_LIMITS`) plus bought add-ons, and
 * the upload window, from creation to the end of the plan's days after the event.
 */
export function buildPackageSnapshot(
  tier: PlanTier,
  billingType: PackageSnapshot['billingType'],
  addons: string[],
  { createdAt, eventDate, timeZone, paidThrough }: AlbumEvent,
): PackageSnapshot {
  const limits = PLAN_LIMITS[tier];
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
    messageLimit: limits.messages,
    sectionLimit: limits.sections,
    voiceNotes: limits.voiceNotes,
  };
}
