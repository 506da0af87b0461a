import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { useDocumentTitle } from '@/lib/use-document-title';

/** A screen owned by a later issue: its translated title in a "coming soon" card. */
export function PlaceholderPage({ titleKey, testId }: { titleKey: string; testId?: string }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <div data-testid={testId} className="flex flex-1 flex-col">
      <ComingSoon title={title} />
    </div>
  );
}

export const CHECKOUT_STEPS = 3;

/** /checkout and /checkout/step/:step share one screen (spec 000 §2); step is 1 to 3. */
export function CheckoutPlaceholder() {
  const { t } = useTranslation();
  const { step } = useParams();
  const current = step === undefined ? 1 : Number(step);
  const title = t('pages.checkout');
  useDocumentTitle(title);
  if (!Number.isInteger(current) || current < 1 || current > CHECKOUT_STEPS) return <Navigate to="/checkout" replace />;
  return (
    <div data-testid="checkout-page" className="flex flex-1 flex-col">
      <ComingSoon title={title} subtitle={t('pages.checkoutStep', { current, total: CHECKOUT_STEPS })} />
    </div>
  );
}
