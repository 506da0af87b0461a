import type { BillingType } from '@momentos/contract';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BillingToggle } from '@/components/ui/billing-toggle';
import { Button } from '@/components/ui/button';
import { plansQuery } from '@/lib/plans-query';
import { track } from '@/lib/tracking/tracking';
import { useSeenOnce } from '../hooks/use-seen-once';
import { PlanCard } from './plan-card';
import { SectionShell } from './section-shell';

/** Monthly first (spec 000 §2). */
export const DEFAULT_BILLING: BillingType = 'subscription';

/** Plans from the real catalogue; Monthly by default (spec 000 §2). */
export function PricingSection() {
  const { t } = useTranslation('home');
  const [billing, setBilling] = useState<BillingType>(DEFAULT_BILLING);
  const sectionRef = useRef<HTMLElement>(null);
  const plans = useQuery(plansQuery(billing));
  useSeenOnce(sectionRef, 0.5, () => track('pricing_viewed', { billing }));

  const onBillingChange = (next: BillingType) => {
    if (next === billing) return;
    track('pricing_billing_toggled', { billing: next });
    setBilling(next);
  };

  return (
    <SectionShell
      id="pricing"
      sectionRef={sectionRef}
      tone="deep"
      wide
      title={t('pricing.title')}
      text={t('pricing.text')}
    >
      <BillingToggle value={billing} onChange={onBillingChange} className="mx-auto" />
      {plans.isError ? (
        <div role="alert" className="mx-auto mt-10 max-w-md rounded-2xl bg-white p-6 text-center shadow-soft">
          <p className="text-ink">{t('pricing.error')}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void plans.refetch()}>
            {t('pricing.retry')}
          </Button>
        </div>
      ) : (
        <ul data-testid="plans" aria-busy={plans.isPending} className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {plans.data
            ? plans.data.map((plan) => <PlanCard key={plan.id} plan={plan} />)
            : Array.from({ length: 4 }, (_, n) => (
                <li key={n} className="h-96 animate-pulse rounded-3xl bg-white/70" />
              ))}
        </ul>
      )}
    </SectionShell>
  );
}
