import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { track } from '@/lib/tracking/tracking';
import { useCreateCheckoutSession, useCompatibleAddons } from '../api/checkout-api';
import { holdCheckoutForPayment } from '../lib/checkout-form';
import { findPayProblem, PayProblemError } from '../lib/payment-errors';
import { selectedAddonProducts, totalCents } from '../lib/pricing';
import { useCheckoutForm } from './checkout-store';
import { markCheckoutFinished, trackStepCompleted } from './use-checkout-tracking';

/** Where the browser goes; a seam so tests need not leave the page. */
export const redirectTo = { assign: (url: string) => window.location.assign(url) };

/**
 * Step 3: the summary's numbers and the pay action (spec 000 §4, §5, §8). On success the saved
 * form is deleted and the browser leaves for the provider's hosted page.
 */
export function usePay() {
  const { i18n } = useTranslation();
  const form = useCheckoutForm();
  const addonsQuery = useCompatibleAddons(form.selectedPlan?.productId);
  const session = useCreateCheckoutSession();
  const [problem, setProblem] = useState<PayProblemError | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const addons = selectedAddonProducts(addonsQuery.data, form.selectedAddOns);
  const total = totalCents(form.selectedPlan, addons);
  const isLoading = Boolean(form.selectedPlan) && addonsQuery.isPending;
  const isProcessing = session.isPending || redirecting;
  // Without the add-on list the total would silently miss what the host chose.
  const addonsMissing = form.selectedAddOns.length > 0 && addonsQuery.isError;
  const canPay = Boolean(form.selectedPlan) && !isLoading && !isProcessing && !addonsMissing;

  const pay = () => {
    if (!canPay || !form.selectedPlan) return;
    const found = findPayProblem(form);
    if (found) return setProblem(new PayProblemError(found));
    setProblem(null);
    const origin = window.location.origin;
    session.mutate(
      {
        // Ids of add-ons the plan no longer offers are dropped rather than sent and refused.
        priceId: [form.selectedPlan.priceId, ...addons.map((addon) => addon.priceId)],
        customerId: form.customerId ?? '',
        successUrl: `${origin}/album/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${origin}/checkout/step/3`,
        // The provider's card page speaks the language the buyer reads the site in.
        locale: i18n.resolvedLanguage === 'en' ? 'en' : 'es',
      },
      {
        onSuccess: ({ url }) => {
          if (!url) return setProblem(new PayProblemError('noUrl'));
          trackStepCompleted(3);
          track('payment_started', {
            plan_id: form.selectedPlan?.id,
            amount: total / 100,
            currency: 'USD',
            payment_method: 'stripe',
          });
          markCheckoutFinished();
          holdCheckoutForPayment(form);
          setRedirecting(true);
          redirectTo.assign(url);
        },
      },
    );
  };

  const error = problem ?? session.error;
  return { form, addons, addonsQuery, total, isLoading, isProcessing, redirecting, canPay, pay, error };
}
