import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useAuth } from '@/features/auth';
import { readCheckoutEntrySource } from '@/lib/tracking/checkout-entry';
import { useDocumentTitle } from '@/lib/use-document-title';
import { dispatchCheckout, useCheckoutForm } from '../hooks/checkout-store';
import { useCheckoutTracking } from '../hooks/use-checkout-tracking';
import { usePlanFromLink } from '../hooks/use-plan-from-link';
import { CHECKOUT_STEPS, parseStep, redirectForStep, stepPath } from '../lib/steps';
import { AccountStep } from './account-step';
import { OrderSummary } from './order-summary';
import { PaymentStep } from './payment-step';
import { PlanStep } from './plan-step';
import { STEP_KEYS, StepProgress } from './step-progress';

/** /checkout and /checkout/step/:step: one screen, three steps (spec 000 §2). */
export function CheckoutPage() {
  const { t } = useTranslation('checkout');
  const { step: rawStep } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const form = useCheckoutForm();
  const { isLoggedIn } = useAuth();
  const parsed = parseStep(rawStep);
  const step = parsed ?? 1;
  const prefillEmail = searchParams.get('email');
  const stepKey = STEP_KEYS[step - 1]!;

  useDocumentTitle(`${t(`steps.${stepKey}.title`)} · ${t('stepLabel', { current: step, total: CHECKOUT_STEPS })}`);
  // A button into the checkout names itself in the router state; otherwise say how we got here.
  const entrySource = readCheckoutEntrySource(location.state);
  useCheckoutTracking(
    step,
    entrySource ?? (prefillEmail ? 'email_prefill' : location.key === 'default' ? 'direct' : 'in_app'),
  );

  usePlanFromLink();

  // Spec 000 §2: the email query parameter fills step 2's e-mail.
  useEffect(() => {
    if (prefillEmail) dispatchCheckout({ type: 'setEmail', email: prefillEmail.trim() });
  }, [prefillEmail]);

  if (parsed === null) return <Navigate to={stepPath(1)} replace />;
  const redirect = redirectForStep(step, form, isLoggedIn);
  if (redirect) return <Navigate to={redirect} replace />;

  return (
    <div
      data-testid="checkout-page"
      data-step={step}
      className="mx-auto w-full max-w-6xl px-4 pt-6 pb-10 sm:px-6 md:pt-10 md:pb-16"
    >
      <div className="max-w-2xl">
        <StepProgress step={step} />
        <h1 className="mt-6 font-display text-3xl text-ink sm:text-4xl">{t(`steps.${stepKey}.title`)}</h1>
        <p className="mt-2 text-ink-soft">{t(`steps.${stepKey}.intro`)}</p>
      </div>
      <div className="mt-6 grid gap-6 md:mt-8 md:grid-cols-[minmax(0,1fr)_18rem] md:gap-8 lg:grid-cols-[minmax(0,1fr)_21rem]">
        <div className="min-w-0">
          {step === 1 && <PlanStep />}
          {step === 2 && <AccountStep />}
          {step === 3 && <PaymentStep />}
        </div>
        {/* Step 3 already is the summary on a phone; the card would repeat it right below. */}
        <div
          className={
            step === 3 ? 'max-md:hidden md:sticky md:top-24 md:self-start' : 'md:sticky md:top-24 md:self-start'
          }
        >
          <OrderSummary />
        </div>
      </div>
    </div>
  );
}
