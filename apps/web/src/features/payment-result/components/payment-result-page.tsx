import { ArrowRight, CircleAlert, CircleCheck, CircleX, RotateCcw } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { forgetCheckoutAwaitingPayment, stepPath } from '@/features/checkout';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useVerifySession } from '../api/verify-session';
import { classifyPaymentResult } from '../lib/result-state';
import { formatAmount } from '../lib/format-amount';

/** /album/success: verifies the returning checkout session and shows one of four states. */
export function PaymentResultPage() {
  const { t, i18n } = useTranslation('checkout');
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const verify = useVerifySession(sessionId);
  const state = classifyPaymentResult({
    sessionId,
    isPending: verify.isPending,
    paymentStatus: verify.data?.paymentStatus,
    error: verify.error,
  });
  const titles = {
    loading: 'result.loading',
    success: 'result.successTitle',
    payment_failed: 'result.failedTitle',
    error: 'result.errorTitle',
  } as const;
  useDocumentTitle(`${t(titles[state])} · ${t('result.title')}`);
  // Paid: the checkout kept for a declined card's way back (checkout-form.ts) is done with.
  useEffect(() => {
    if (state === 'success') forgetCheckoutAwaitingPayment();
  }, [state]);

  return (
    <section className="mx-auto flex w-full max-w-lg flex-1 flex-col justify-center px-4 py-10 sm:py-16">
      <div
        data-testid="payment-result"
        data-state={state}
        role={state === 'loading' ? 'status' : state === 'success' ? undefined : 'alert'}
        aria-busy={state === 'loading'}
        className="rounded-3xl border border-ink/10 bg-white p-6 shadow-soft sm:p-8"
      >
        {state === 'loading' && <LoadingCard label={t('result.loading')} />}
        {state === 'success' && verify.data && (
          <>
            <CircleCheck aria-hidden className="size-12 text-emerald-700" />
            <h1 className="mt-4 font-display text-3xl text-ink">{t('result.successTitle')}</h1>
            <p className="mt-2 text-ink-soft">{t('result.successText')}</p>
            <dl className="mt-6 divide-y divide-ink/10 rounded-2xl bg-paper px-4 text-sm">
              <Row label={t('result.orderId')} testId="result-order-id" mono>
                {verify.data.orderId}
              </Row>
              <Row label={t('result.email')} testId="result-email">
                {verify.data.customerEmail}
              </Row>
              <Row label={t('result.amount')} testId="result-amount">
                {formatAmount(verify.data.amountTotal, verify.data.currency, i18n.language)}
              </Row>
              <Row label={t('result.currency')} testId="result-currency">
                {verify.data.currency.toUpperCase()}
              </Row>
              <Row label={t('result.status')} testId="result-status">
                <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 font-semibold text-emerald-800">
                  {t('result.paid')}
                </span>
              </Row>
            </dl>
            <Link
              to={`/personalization/step-1?orderId=${encodeURIComponent(verify.data.orderId)}`}
              data-testid="result-personalize"
              className={buttonClass('primary', 'lg', 'mt-6 w-full')}
            >
              {t('result.personalize')}
              <ArrowRight aria-hidden className="size-5" />
            </Link>
          </>
        )}
        {(state === 'payment_failed' || state === 'error') && (
          <>
            {state === 'payment_failed' ? (
              <CircleX aria-hidden className="size-12 text-rose-700" />
            ) : (
              <CircleAlert aria-hidden className="size-12 text-rose-700" />
            )}
            <h1 className="mt-4 font-display text-3xl text-ink">{t(titles[state])}</h1>
            <p className="mt-2 text-ink-soft">
              {state === 'payment_failed'
                ? t('result.failedText')
                : sessionId
                  ? t('result.errorText')
                  : t('result.missingSession')}
            </p>
            {/* Step 3 with the same plan and add-ons; the checkout sends a buyer with nothing kept to the step it needs. */}
            <Link
              to={stepPath(3)}
              data-testid="result-back-to-checkout"
              className={buttonClass('primary', 'lg', 'mt-6 w-full')}
            >
              <RotateCcw aria-hidden className="size-4" />
              {t('result.backToCheckout')}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}

function Row({
  label,
  testId,
  mono,
  children,
}: {
  label: string;
  testId: string;
  mono?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
      <dt className="text-ink-soft">{label}</dt>
      {/* min-w-0 and wrap-anywhere: a long e-mail breaks inside the card instead of widening the page. */}
      <dd
        data-testid={testId}
        className={
          mono ? 'min-w-0 font-mono text-xs break-all text-ink' : 'min-w-0 font-semibold wrap-anywhere text-ink'
        }
      >
        {children}
      </dd>
    </div>
  );
}

function LoadingCard({ label }: { label: string }) {
  return (
    <div>
      <span className="sr-only">{label}</span>
      <div aria-hidden className="size-12 animate-pulse rounded-full bg-ink/10" />
      <div aria-hidden className="mt-4 h-8 w-2/3 animate-pulse rounded-lg bg-ink/10" />
      <p className="mt-3 text-ink-soft">{label}</p>
      <div aria-hidden className="mt-6 flex flex-col gap-3">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-5 animate-pulse rounded bg-ink/5" />
        ))}
      </div>
    </div>
  );
}
