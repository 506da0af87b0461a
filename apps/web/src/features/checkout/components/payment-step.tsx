import { CircleAlert, Lock, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth';
import { usePay } from '../hooks/use-pay';
import { describePaymentError, PayProblemError } from '../lib/payment-errors';
import { formatMoney, formatTotal } from '../lib/pricing';
import { stepPath } from '../lib/steps';
import { addonName, planName } from './plan-labels';
import { StepBar } from './step-bar';

/** Step 3: what is being bought, the total, and the pay button with its states. */
export function PaymentStep() {
  const { t, i18n } = useTranslation('checkout');
  const { user } = useAuth();
  const pay = usePay();
  const { form, addons } = pay;
  const plan = form.selectedPlan;
  const lang = i18n.language;
  const currency = plan?.currency ?? 'usd';
  const totalText = formatTotal(pay.total, currency, lang);

  return (
    <>
      <div className="rounded-2xl border border-ink/10 bg-white p-5 shadow-soft sm:p-6">
        <dl className="flex flex-col gap-3 text-sm">
          {plan && (
            <div className="flex justify-between gap-3">
              <dt className="text-ink">
                <span className="font-semibold">{planName(t, plan)}</span>
                <span className="block text-xs text-ink-soft">
                  {plan.metadata.type === 'one_time' ? t('plans.forever') : t('summary.monthly')}
                </span>
              </dt>
              <dd className="font-semibold text-ink">{formatMoney(plan.unitAmount, plan.currency, lang)}</dd>
            </div>
          )}
          {pay.isLoading && <div className="h-5 w-2/3 animate-pulse rounded bg-ink/5" aria-hidden />}
          {addons.map((addon) => (
            <div key={addon.id} className="flex justify-between gap-3">
              <dt className="text-ink">{addonName(t, addon)}</dt>
              <dd className="text-ink-soft">+{formatMoney(addon.unitAmount, addon.currency, lang)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-3 border-t border-ink/10 pt-3">
            <dt className="text-ink-soft">{t('summary.account')}</dt>
            <dd className="min-w-0 truncate text-ink">{user?.email}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-3 border-t border-ink/10 pt-3">
            <dt className="font-semibold text-ink">{t('summary.total')}</dt>
            <dd data-testid="checkout-total" className="font-display text-2xl text-ink">
              {totalText}
            </dd>
          </div>
        </dl>
        <p className="mt-5 flex items-start gap-2 text-xs text-ink-soft">
          <Lock aria-hidden className="mt-0.5 size-3.5 shrink-0" />
          {t('payment.secure')}
        </p>
      </div>

      {pay.error && !pay.isProcessing && (
        <div
          role="alert"
          data-testid="checkout-pay-error"
          className="mt-4 flex gap-3 rounded-2xl border border-rose-700/30 bg-rose-50 p-4 text-sm"
        >
          <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-rose-700" />
          <div>
            <p className="font-semibold text-ink">{t('payment.errorTitle')}</p>
            <p className="mt-1 text-ink">{describePaymentError(t, pay.error)}</p>
            {pay.error instanceof PayProblemError && pay.error.problem === 'noCustomer' && (
              <Link
                to={stepPath(1)}
                className="mt-2 inline-flex min-h-11 items-center font-semibold text-rose-700 underline-offset-4 hover:underline"
              >
                {t('payment.backToStep1')}
              </Link>
            )}
          </div>
        </div>
      )}

      {pay.addonsQuery.isError && form.selectedAddOns.length > 0 && (
        <div role="alert" className="mt-4 rounded-2xl border border-rose-700/30 bg-rose-50 p-4 text-sm text-ink">
          {t('addons.loadError')}
          <Button variant="secondary" className="mt-3 flex" onClick={() => void pay.addonsQuery.refetch()}>
            {t('plans.retry')}
          </Button>
        </div>
      )}

      {pay.isProcessing && (
        <div
          role="status"
          data-testid="checkout-pay-progress"
          className="mt-4 rounded-2xl bg-white p-4 text-sm text-ink shadow-soft"
        >
          <p>
            {t('payment.progress', {
              current: pay.redirecting ? 2 : 1,
              total: 2,
              label: t(pay.redirecting ? 'payment.redirecting' : 'payment.creating'),
            })}
          </p>
          <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-ink/10">
            <div
              className={`h-full rounded-full bg-rose-700 transition-all duration-200 ${pay.redirecting ? 'w-full' : 'w-1/2'}`}
            />
          </div>
        </div>
      )}

      <StepBar backTo={stepPath(2)} price={<p className="font-semibold text-ink">{totalText}</p>}>
        <Button
          size="lg"
          data-testid="checkout-pay"
          disabled={!pay.canPay}
          aria-busy={pay.isProcessing}
          onClick={pay.pay}
        >
          {pay.isProcessing ? (
            <LoaderCircle aria-hidden className="size-5 animate-spin" />
          ) : (
            <Lock aria-hidden className="size-4" />
          )}
          {pay.isProcessing ? t('actions.paying') : t('actions.payShort')}
        </Button>
      </StepBar>
    </>
  );
}
