import type { Product } from '@momentos/contract';
import { PLAN_LIMITS } from '@momentos/contract/plan-limits';
import { clsx } from 'clsx';
import { Check, RotateCw, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/error-message';
import { usePlans } from '../api/checkout-api';
import { formatMoney, POPULAR_TIER } from '../lib/pricing';
import { planGuestbookShort, planName } from './plan-labels';

const GRID = 'grid grid-cols-2 gap-3 xl:grid-cols-4';

interface PlanListProps {
  billingType: Product['metadata']['type'];
  selectedId: string | undefined;
  onSelect: (plan: Product) => void;
}

/** The plans of one billing type as pressable cards, with skeleton, error and empty states. */
export function PlanList({ billingType, selectedId, onSelect }: PlanListProps) {
  const { t, i18n } = useTranslation('checkout');
  const { t: tCommon } = useTranslation();
  const plans = usePlans(billingType);

  // A retry after an error shows the skeleton again, so the press visibly does something.
  if (plans.isPending || (plans.isError && plans.isFetching)) {
    return (
      <div className={GRID} role="status" aria-busy="true" aria-label={t('plans.loading')} data-testid="plans-loading">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="flex h-40 animate-pulse flex-col rounded-2xl bg-white/80 p-4 shadow-soft">
            <span className="h-4 w-1/2 rounded bg-ink/10" />
            <span className="mt-auto h-7 w-2/3 rounded bg-ink/10" />
            <span className="mt-2 h-3 w-5/6 rounded bg-ink/5" />
          </div>
        ))}
      </div>
    );
  }
  if (plans.isError || plans.data.length === 0) {
    return (
      <div role={plans.isError ? 'alert' : undefined} className="rounded-2xl border border-ink/10 bg-white p-5 text-sm">
        <p className="text-ink">
          {plans.isError ? `${t('plans.loadError')} ${describeError(tCommon, plans.error)}` : t('plans.empty')}
        </p>
        <Button variant="secondary" className="mt-4" onClick={() => void plans.refetch()}>
          <RotateCw aria-hidden className="size-4" />
          {t('plans.retry')}
        </Button>
      </div>
    );
  }

  return (
    <div className={GRID}>
      {plans.data.map((plan) => {
        const selected = plan.id === selectedId;
        const popular = plan.metadata.tier === POPULAR_TIER;
        const limits = plan.metadata.tier ? PLAN_LIMITS[plan.metadata.tier] : null;
        return (
          <button
            key={plan.id}
            type="button"
            data-testid={`plan-${plan.metadata.tier ?? plan.id}`}
            aria-pressed={selected}
            onClick={() => onSelect(plan)}
            className={clsx(
              'relative flex min-h-40 flex-col rounded-2xl border-2 bg-white p-4 text-left shadow-soft transition duration-200',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700',
              selected
                ? 'border-rose-700 ring-4 ring-rose-700/10'
                : popular
                  ? 'border-gold-700/60'
                  : 'border-transparent hover:border-ink/15',
              popular && !selected && 'bg-gradient-to-b from-gold-100/70 to-white',
            )}
          >
            <span className="flex min-h-6 items-center justify-between gap-2">
              <span className="font-semibold text-ink">{planName(t, plan)}</span>
              {selected && (
                <span className="grid size-6 shrink-0 place-items-center rounded-full bg-rose-700 text-white">
                  <Check aria-hidden className="size-4" strokeWidth={3} />
                  <span className="sr-only">{t('plans.selected')}</span>
                </span>
              )}
            </span>
            {popular && (
              <span className="mt-1 inline-flex w-fit items-center gap-1 rounded-full bg-gold-100 px-2 py-0.5 text-[11px] font-semibold text-gold-800">
                <Sparkles aria-hidden className="size-3" />
                {t('plans.popular')}
              </span>
            )}
            <span className="mt-auto pt-3 font-display text-2xl text-ink">
              {formatMoney(plan.unitAmount, plan.currency, i18n.language)}
              {billingType === 'subscription' && (
                <span className="font-sans text-sm text-ink-soft">{t('plans.perMonth')}</span>
              )}
            </span>
            {billingType === 'one_time' && (
              <span className="text-xs font-medium text-gold-800">{t('plans.forever')}</span>
            )}
            {limits && (
              <span className="mt-1 text-xs text-ink-soft">
                {t('plans.short', { guests: limits.guests, photos: limits.photos })}
              </span>
            )}
            {limits && (
              <span data-testid="plan-guestbook" className="mt-0.5 text-xs text-ink-soft">
                {planGuestbookShort(t, limits)}
              </span>
            )}
            {limits && (
              <span data-testid="plan-window" className="mt-0.5 text-xs text-ink-soft">
                {limits.days === null ? t('features.permanent') : t('features.days', { count: limits.days })}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
