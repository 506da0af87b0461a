import type { PlanTier } from './catalog.js';

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
  },
};
