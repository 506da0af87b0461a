import type { PlanTier, Product } from '@momentos/contract';

/** Spec 000 §2/§9: shown until a plan is chosen (the Lifetime Basic and Elite prices). */
export const PRICE_RANGE_CENTS = { min: 995, max: 5995 } as const;
export const DEFAULT_CURRENCY = 'usd';

/** Base plan plus the chosen add-ons, summed in cents so no float ever drifts. */
export function totalCents(plan: Product | null, addons: readonly Product[]): number {
  if (!plan) return 0;
  return addons.reduce((sum, addon) => sum + addon.unitAmount, plan.unitAmount);
}

/** The add-on products among `available` whose ids are selected, in catalogue order. */
export function selectedAddonProducts(available: readonly Product[] | undefined, ids: readonly string[]): Product[] {
  return (available ?? []).filter((addon) => ids.includes(addon.id));
}

const numberLocale = (language: string) => (language.startsWith('en') ? 'en-US' : 'es-MX');

/** "$24.94": the currency's narrow symbol and always two decimals. */
export function formatMoney(cents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(numberLocale(language), {
    style: 'currency',
    currency: currency.toUpperCase(),
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** Spec 000 §9: the total with two decimals and the currency in capitals, "$24.94 USD". */
export function formatTotal(cents: number, currency: string, language: string): string {
  return `${formatMoney(cents, currency, language)} ${currency.toUpperCase()}`;
}

export function formatPriceRange(language: string): string {
  const { min, max } = PRICE_RANGE_CENTS;
  return `${formatMoney(min, DEFAULT_CURRENCY, language)} - ${formatMoney(max, DEFAULT_CURRENCY, language)}`;
}

export const POPULAR_TIER: PlanTier = 'plus';
/** Spec 000 §2: the fixed plan card shows at most four features. */
export const MAX_PLAN_FEATURES = 4;
