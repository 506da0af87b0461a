import type { Product } from '@momentos/contract';
import { PLAN_LIMITS } from '@momentos/contract/plan-limits';
import { clsx } from 'clsx';
import type { TFunction } from 'i18next';
import { Check, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { planTierName } from '@/lib/plan-name';
import { checkoutEntryState } from '@/lib/tracking/checkout-entry';
import { track } from '@/lib/tracking/tracking';
import { POPULAR_TIER } from '../home-data';

/** Two decimals with the currency in capitals (spec 000 §9), the same in both languages. */
export function formatPlanPrice(product: Pick<Product, 'unitAmount' | 'currency'>): {
  amount: string;
  currency: string;
} {
  return { amount: `$${(product.unitAmount / 100).toFixed(2)}`, currency: product.currency.toUpperCase() };
}

export function PlanCard({ plan }: { plan: Product }) {
  const { t } = useTranslation('home');
  const tier = plan.metadata.tier ?? 'basic';
  const limits = PLAN_LIMITS[tier];
  const isPopular = tier === POPULAR_TIER;
  const isLifetime = plan.metadata.type === 'one_time';
  const { amount, currency } = formatPlanPrice(plan);
  const name = plan.metadata.tier ? planTierName(t as unknown as TFunction, plan.metadata.tier) : plan.name;
  const features = [
    t('pricing.guests', { count: limits.guests }),
    t('pricing.photos', { count: limits.photos }),
    limits.videos === null ? t('pricing.unlimitedVideos') : t('pricing.videos', { count: limits.videos }),
    limits.days === null ? t('pricing.permanent') : t('pricing.days', { count: limits.days }),
    limits.watermark ? t('pricing.watermark') : t('pricing.noWatermark'),
    limits.zip ? t('pricing.zipIncluded') : t('pricing.zipAddon'),
    limits.messages === null ? t('pricing.unlimitedMessages') : t('pricing.messages', { count: limits.messages }),
    ...(limits.voiceNotes ? [t('pricing.voiceNotes')] : []),
    t('pricing.sections', { count: limits.sections }),
  ];

  const onChoose = () => {
    track('plan_clicked', {
      plan_id: plan.id,
      plan_name: plan.name,
      tier,
      price: plan.price,
      currency,
      billing: plan.metadata.type,
    });
  };

  return (
    <li
      data-testid={`plan-${tier}`}
      className={clsx(
        'relative flex flex-col rounded-3xl border bg-white p-6 shadow-soft',
        isPopular ? 'border-gold-700 ring-2 ring-gold-700/30' : 'border-ink/10',
      )}
    >
      {isPopular && (
        <span
          data-testid="plan-popular"
          className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-gold-100 px-3 py-1 text-xs font-bold whitespace-nowrap text-gold-800 shadow-soft"
        >
          <Sparkles aria-hidden className="size-3.5" />
          {t('pricing.popular')}
        </span>
      )}
      <h3 className="font-display text-2xl text-ink">{name}</h3>
      <p className="mt-3 flex items-baseline gap-1.5">
        <span data-testid="plan-price" className="font-display text-4xl font-medium text-ink">
          {amount}
        </span>
        <span className="text-sm font-semibold text-ink-soft">{currency}</span>
        {!isLifetime && <span className="text-sm text-ink-soft">{t('pricing.perMonth')}</span>}
      </p>
      {isLifetime && <p className="mt-1 text-sm font-semibold text-rose-800">{t('pricing.foreverAccess')}</p>}
      <ul className="mt-5 flex-1 space-y-2 text-sm text-ink">
        {features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-rose-700" />
            {feature}
          </li>
        ))}
      </ul>
      <Link
        to={`/checkout?plan=${encodeURIComponent(plan.productId)}`}
        state={checkoutEntryState('pricing')}
        onClick={onChoose}
        className={buttonClass(isPopular ? 'primary' : 'secondary', 'md', 'mt-6 w-full')}
      >
        {t('pricing.choose', { plan: name })}
      </Link>
    </li>
  );
}
