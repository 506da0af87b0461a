import type { PlanTier } from '@momentos/contract';
import type { TFunction } from 'i18next';

const TIERS: readonly PlanTier[] = ['basic', 'plus', 'premium', 'elite'];

/** The site's one name for a plan in the current language (common.json `plans`), wherever it is shown. */
export function planTierName(t: TFunction, tier: PlanTier): string {
  return t(`plans.${tier}`, { ns: 'common' });
}

/**
 * A plan name the server sends as text (the album's `paquete`: "Basic" … "Elite") in the current
 * language; any other text is shown as it came.
 */
export function translatePlanName(t: TFunction, name: string): string {
  const tier = TIERS.find((candidate) => candidate === name.trim().toLowerCase());
  return tier ? planTierName(t, tier) : name;
}
