import type { Product } from '@momentos/contract';
import type { TFunction } from 'i18next';
import { planTierName } from '@/lib/plan-name';
import { MAX_PLAN_FEATURES, TIER_LIMITS } from '../lib/pricing';

/** The site's name of the plan's tier (lib/plan-name.ts); the catalogue's own name when the tier is unknown. */
export function planName(t: TFunction<'checkout'>, plan: Product): string {
  return plan.metadata.tier ? planTierName(t as unknown as TFunction, plan.metadata.tier) : plan.name;
}

/** Spec 000 §3: add-on copy comes from translations by type, else the raw type and no text. */
export function addonName(t: TFunction<'checkout'>, addon: Product): string {
  const type = addon.metadata.addon_type ?? addon.name;
  return t(`addons.names.${type}`, { defaultValue: type });
}

export function addonDescription(t: TFunction<'checkout'>, addon: Product): string {
  const type = addon.metadata.addon_type;
  return type ? t(`addons.descriptions.${type}`, { defaultValue: '' }) : '';
}

/** The plan card's features: the tier's limits of spec 000 §9, never more than four. */
export function planFeatures(t: TFunction<'checkout'>, plan: Product): string[] {
  const limits = plan.metadata.tier ? TIER_LIMITS[plan.metadata.tier] : null;
  if (!limits) return plan.description ? [plan.description] : [];
  return [
    t('features.guests', { count: limits.guests }),
    t('features.photos', { count: limits.photos }),
    limits.videos === null ? t('features.videosUnlimited') : t('features.videos', { count: limits.videos }),
    limits.days === null ? t('features.permanent') : t('features.days', { count: limits.days }),
  ].slice(0, MAX_PLAN_FEATURES);
}
