import type { AddonType, PlanTier } from './catalog.js';

/** What one plan tier allows; see `PLAN_LIMITS`. */
export interface PlanLimits {
  guests: number;
  photos: number;
  /** null: unlimited. */
  videos: number | null;
  /** Days the upload window stays open after the event; null: it never closes. */
  days: number | null;
  watermark: boolean;
  /** The whole-album ZIP download is part of the plan, not the album_download add-on (PRODUCT.md "Downloads"). */
  zip: boolean;
  /** Guestbook messages per album; null: unlimited. */
  messages: number | null;
  /** Sections per album; the whole album counts as one. */
  sections: number;
  /** Whether a guestbook message may carry a voice note. */
  voiceNotes: boolean;
  /** Video playback copies at 1080p rather than 720p (PRODUCT.md "Videos"), what full_hd_videos gives. */
  fullHdVideos: boolean;
  /** Priority support is part of the plan (PRODUCT.md's permissions table: the priority_support field). */
  prioritySupport: boolean;
  /** Advanced analytics are part of the plan (the enable_advanced_analytics field). */
  advancedAnalytics: boolean;
  /** "Find me": guests find the photos they are in from a selfie (the enable_face_search field). */
  faceSearch: boolean;
}

/**
 * The one table of plan limits: spec 000 §9 (guests, photos, videos, days, watermark) and PRODUCT.md
 * "Downloads" and "Guestbook and sections" (zip, messages, sections, voice notes). The server freezes
 * it into each album's package snapshot; the pricing cards and checkout show it. Plain data with no
 * zod, so the web imports it on its own (`@momentos/contract/plan-limits`). Migration 0016 wrote the
 * guestbook figures into older albums' snapshots, so changing them here leaves those albums as they are.
 */
export const PLAN_LIMITS: Readonly<Record<PlanTier, Readonly<PlanLimits>>> = {
  basic: {
    guests: 50,
    photos: 100,
    videos: 5,
    days: 7,
    watermark: true,
    zip: false,
    messages: 100,
    sections: 1,
    voiceNotes: false,
    fullHdVideos: false,
    prioritySupport: false,
    advancedAnalytics: false,
    faceSearch: false,
  },
  plus: {
    guests: 150,
    photos: 300,
    videos: 15,
    days: 15,
    watermark: true,
    zip: false,
    messages: 300,
    sections: 3,
    voiceNotes: true,
    fullHdVideos: false,
    prioritySupport: false,
    advancedAnalytics: false,
    faceSearch: false,
  },
  premium: {
    guests: 300,
    photos: 700,
    videos: 30,
    days: 30,
    watermark: false,
    zip: true,
    messages: 1000,
    sections: 6,
    voiceNotes: true,
    fullHdVideos: true,
    prioritySupport: false,
    advancedAnalytics: false,
    faceSearch: true,
  },
  elite: {
    guests: 500,
    photos: 1500,
    videos: null,
    days: null,
    watermark: false,
    zip: true,
    messages: null,
    sections: 12,
    voiceNotes: true,
    fullHdVideos: true,
    prioritySupport: true,
    advancedAnalytics: true,
    faceSearch: true,
  },
};

/**
 * What each add-on gives, read from the plan's own limits: true when the tier already includes it. An add-on is
 * compatible with a plan exactly when the plan does not already include what it gives (PRODUCT.md "Plans and
 * add-ons"), so the catalogue, both checkouts and the web read this one table rather than a list of their own.
 * Extra guests and photos add to any limit, and dedicated support is more than any plan includes.
 */
const INCLUDED_IN_PLAN: Readonly<Record<AddonType, (limits: PlanLimits) => boolean>> = {
  priority_support: (limits) => limits.prioritySupport,
  watermark_removal: (limits) => !limits.watermark,
  extra_guests: () => false,
  extra_photos: () => false,
  extra_videos: (limits) => limits.videos === null,
  full_hd_videos: (limits) => limits.fullHdVideos,
  album_download: (limits) => limits.zip,
  advanced_analytics: (limits) => limits.advancedAnalytics,
  dedicated_support: () => false,
};

export function isAddonCompatible(addon: AddonType, tier: PlanTier): boolean {
  return !INCLUDED_IN_PLAN[addon](PLAN_LIMITS[tier]);
}
