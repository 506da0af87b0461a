import type { PlanTier } from '@momentos/contract';

/** Spec 000 §2: the landing counters and rating. */
export const LANDING_STATS = { rating: 4.9, activeEvents: '1,000' } as const;

/** Spec 000 §2: the trending event types strip, each with its landing counter. */
export const TRENDING_EVENTS = [
  { key: 'weddings', count: 143 },
  { key: 'quinceaneras', count: 89 },
  { key: 'communions', count: 67 },
  { key: 'reunions', count: 112 },
] as const;

/** Six static sample reviews (spec 000 §2); their text lives in home.json under reviews.items. */
export const REVIEWS = [
  { key: 'r1', rating: 5 },
  { key: 'r2', rating: 5 },
  { key: 'r3', rating: 5 },
  { key: 'r4', rating: 5 },
  { key: 'r5', rating: 4 },
  { key: 'r6', rating: 5 },
] as const;

/** Spec 000 §9: review cards are 320 px wide and scroll 0.5 px a frame. */
export const REVIEW_CARD_WIDTH_PX = 320;
export const CAROUSEL_PX_PER_FRAME = 0.5;
/** Spec 000 §4: a paused carousel resumes by itself after 3 seconds. */
export const CAROUSEL_RESUME_MS = 3000;
/** Spec 000 §9: the floating get-started button shows this far past the first section. */
export const FLOATING_CTA_THRESHOLD_PX = 100;

export const FAQ_ITEMS = ['what', 'cost', 'account', 'limit', 'download'] as const;

export const POPULAR_TIER: PlanTier = 'plus';
