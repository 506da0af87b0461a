import type { BillingType, Product } from '@momentos/contract';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BillingToggle } from '@/components/ui/billing-toggle';
import { Button } from '@/components/ui/button';
import { track } from '@/lib/tracking/tracking';
import { dispatchCheckout, useCheckoutForm } from '../hooks/checkout-store';
import { trackStepCompleted } from '../hooks/use-checkout-tracking';
import { stepPath } from '../lib/steps';
import { AddonList } from './addon-list';
import { PriceLine } from './order-summary';
import { PlanList } from './plan-list';
import { StepBar } from './step-bar';

/** Step 1: billing type, plan and add-ons; continue needs a plan (spec 000 §5). */
export function PlanStep() {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const form = useCheckoutForm();
  const plan = form.selectedPlan;

  const selectPlan = (next: Product) => {
    dispatchCheckout({ type: 'selectPlan', plan: next });
    if (next.id !== plan?.id) {
      track('plan_selected', {
        plan_id: next.id,
        plan_name: next.name,
        price: next.price,
        tier: next.metadata.tier,
        currency: 'USD',
      });
    }
  };

  const next = () => {
    if (!plan) return;
    trackStepCompleted(1);
    void navigate(stepPath(2));
  };

  return (
    <>
      <BillingToggle
        value={form.billingType}
        onChange={(billingType: BillingType) => dispatchCheckout({ type: 'setBilling', billingType })}
      />
      <section aria-labelledby="plans-title" className="mt-6">
        <h2 id="plans-title" className="sr-only">
          {t('plans.title')}
        </h2>
        <PlanList billingType={form.billingType} selectedId={plan?.id} onSelect={selectPlan} />
      </section>
      <AddonList
        plan={plan}
        selectedIds={form.selectedAddOns}
        onToggle={(addon) => dispatchCheckout({ type: 'toggleAddon', addonId: addon.id })}
      />
      <StepBar price={<PriceLine />}>
        <Button size="lg" data-testid="checkout-continue" disabled={!plan} onClick={next}>
          {t('actions.continue')}
          <ArrowRight aria-hidden className="size-5" />
        </Button>
      </StepBar>
    </>
  );
}
