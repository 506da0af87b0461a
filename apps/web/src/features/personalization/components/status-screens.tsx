import { CircleAlert, Clock, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';

function Card({
  testId,
  icon,
  title,
  children,
}: {
  testId: string;
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <section data-testid={testId} className="mx-auto flex w-full max-w-lg flex-1 flex-col justify-center px-4 py-16">
      <div role="status" className="rounded-3xl border border-ink/10 bg-white p-8 text-center shadow-soft">
        <div className="mx-auto grid size-14 place-items-center rounded-full bg-rose-50 text-rose-700">{icon}</div>
        <h1 className="mt-5 font-display text-2xl text-ink">{title}</h1>
        {children}
      </div>
    </section>
  );
}

/** Spec 001 §2: a spinner with a title and subtitle while the customization starts. */
export function WizardLoading() {
  const { t } = useTranslation('personalization');
  return (
    <Card
      testId="wizard-loading"
      icon={<Loader2 aria-hidden className="size-7 animate-spin motion-reduce:animate-none" />}
      title={t('status.loadingTitle')}
    >
      <p className="mt-2 text-ink-soft">{t('status.loadingSubtitle')}</p>
    </Card>
  );
}

/** The full-page error with its text and the way back to the account. */
export function WizardError({ message }: { message: string }) {
  const { t } = useTranslation('personalization');
  return (
    <Card testId="wizard-error" icon={<CircleAlert aria-hidden className="size-7" />} title={t('status.errorTitle')}>
      <p className="mt-2 text-ink-soft">{message}</p>
      <Link to="/auth" className={buttonClass('primary', 'md', 'mt-6')}>
        {t('status.backToAccount')}
      </Link>
    </Card>
  );
}

/** Shown instead of the error when the session (or the order it carried) is gone. */
export function WizardExpired() {
  const { t } = useTranslation('personalization');
  return (
    <Card testId="wizard-expired" icon={<Clock aria-hidden className="size-7" />} title={t('status.expiredTitle')}>
      <p className="mt-2 text-ink-soft">{t('status.expiredText')}</p>
      <Link to="/auth" className={buttonClass('primary', 'md', 'mt-6')}>
        {t('status.backToAccount')}
      </Link>
    </Card>
  );
}
