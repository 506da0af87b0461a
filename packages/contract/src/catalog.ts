import { z } from 'zod';
import { successEnvelope, ZSingleLineText } from './common.js';

export const PLAN_TIERS = ['basic', 'plus', 'premium', 'elite'] as const;
export const ZPlanTier = z.enum(PLAN_TIERS);
export type PlanTier = z.infer<typeof ZPlanTier>;

export const ZBillingType = z.enum(['subscription', 'one_time']);
export type BillingType = z.infer<typeof ZBillingType>;

export const ADDON_TYPES = [
  'priority_support',
  'watermark_removal',
  'extra_guests',
  'extra_photos',
  'extra_videos',
  'full_hd_videos',
  'album_download',
  'advanced_analytics',
  'dedicated_support',
] as const;
export const ZAddonType = z.enum(ADDON_TYPES);
export type AddonType = z.infer<typeof ZAddonType>;

/** A plan or add-on in the shape of spec 000 section 3. */
export const ZProduct = z.object({
  id: z.uuid(),
  productId: z.string(),
  priceId: z.string(),
  name: z.string(),
  description: z.string(),
  /** Major units (5.99) as the spec's clients display it. */
  price: z.number(),
  /** The same price in minor units (599): sum these, never the floats. */
  unitAmount: z.number().int(),
  currency: z.string(),
  active: z.boolean(),
  metadata: z.object({
    type: ZBillingType,
    tier: ZPlanTier.nullable(),
    is_addon: z.boolean(),
    addon_type: ZAddonType.nullable(),
  }),
});
export type Product = z.infer<typeof ZProduct>;

export const ZProductsQuery = z.object({ type: ZBillingType.default('subscription') });
export const ZProductsResponse = successEnvelope(z.array(ZProduct));
export type ProductsResponse = z.infer<typeof ZProductsResponse>;

export const ZProductParams = z.object({ productId: ZSingleLineText.min(1).max(100) });
