import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCompatibleAddons } from '../api/checkout-api';
import { useCheckoutForm } from '../hooks/checkout-store';
import { formatMoney, formatPriceRange, formatTotal, selectedAddonProducts, totalCents } from '../lib/pricing';
import { addonName, planFeatures, planName } from './plan-labels';

/** The selected plan, its add-ons and the total; the price range until a plan is chosen. */
export function useOrderTotals() {
  const form = useCheckoutForm();
  const addons = useCompatibleAddons(form.selectedPlan?.productId);
  const chosen = selectedAddonProducts(addons.data, form.selectedAddOns);
  return { plan: form.selectedPlan, addons: chosen, total: totalCents(form.selectedPlan, chosen) };
}

/** One-line price for the phone's sticky bar. */
export function PriceLine() {
  const { t, i18n } = useTranslation('checkout');
  const { plan, total } = useOrderTotals();
  return plan ? (
    <p>
      <span className="block text-xs text-ink-soft">{t('summary.total')}</span>
      <span className="font-semibold text-ink">{formatTotal(total, plan.currency, i18n.language)}</span>
    </p>
  ) : (
    <p>
      <span className="block text-xs text-ink-soft">{t('summary.priceRange')}</span>
      <span className="font-semibold text-ink">{formatPriceRange(i18n.language)}</span>
    </p>
  );
}

/** The plan card that stays in view beside the steps (spec 000 §2: at most 4 features). */
export function OrderSummary() {
  const { t, i18n } = useTranslation('checkout');
  const { plan, addons, total } = useOrderTotals();
  const lang = i18n.language;

  return (
    <aside
      aria-labelledby="order-summary-title"
      className="rounded-3xl border border-ink/10 bg-white p-5 shadow-soft sm:p-6"
    >
      <h2 id="order-summary-title" className="text-xs font-semibold tracking-[0.14em] text-ink-soft uppercase">
        {t('summary.title')}
      </h2>
      {!plan ? (
        <>
          <p className="mt-3 text-sm text-ink-soft">{t('summary.noPlan')}</p>
          <p className="mt-4 text-xs text-ink-soft">{t('summary.priceRange')}</p>
          <p data-testid="price-range" className="font-display text-2xl text-ink">
            {formatPriceRange(lang)}
          </p>
        </>
      ) : (
        <>
          <div className="mt-3 flex items-baseline justify-between gap-3">
            <p className="font-display text-2xl text-ink">{planName(t, plan)}</p>
            <p className="font-semibold text-ink">{formatMoney(plan.unitAmount, plan.currency, lang)}</p>
          </div>
          <p className="text-xs font-medium text-gold-800">
            {plan.metadata.type === 'one_time' ? t('plans.forever') : t('summary.monthly')}
          </p>
          <ul className="mt-4 flex flex-col gap-2 text-sm text-ink" data-testid="plan-features">
            {planFeatures(t, plan).map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-rose-700" />
                {feature}
              </li>
            ))}
          </ul>
          {addons.length > 0 && (
            <div className="mt-4 border-t border-ink/10 pt-4">
              <p className="text-xs font-semibold text-ink-soft">{t('summary.addons')}</p>
              <ul className="mt-2 flex flex-col gap-1.5 text-sm">
                {addons.map((addon) => (
                  <li key={addon.id} className="flex justify-between gap-3">
                    <span className="text-ink">{addonName(t, addon)}</span>
                    <span className="text-ink-soft">+{formatMoney(addon.unitAmount, addon.currency, lang)}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="mt-4 flex items-baseline justify-between border-t border-ink/10 pt-4">
            <span className="font-semibold text-ink">{t('summary.total')}</span>
            <span className="font-display text-xl text-ink">{formatTotal(total, plan.currency, lang)}</span>
          </div>
        </>
      )}
    </aside>
  );
}
