import { clsx } from 'clsx';
import { BadgeCheck, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Verified or pending badge, from user.user_metadata.email_verified. */
export function EmailStatus({
  verified,
  className,
  testId = 'email-status',
}: {
  verified: boolean;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const Icon = verified ? BadgeCheck : Clock;
  return (
    <span
      data-testid={testId}
      data-status={verified ? 'verified' : 'pending'}
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        verified ? 'bg-emerald-50 text-emerald-800' : 'bg-gold-100 text-gold-800',
        className,
      )}
    >
      <Icon aria-hidden className="size-3.5" />
      {verified ? t('nav.emailVerified') : t('nav.emailPending')}
    </span>
  );
}
