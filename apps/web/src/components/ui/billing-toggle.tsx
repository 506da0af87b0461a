import type { BillingType } from '@momentos/contract';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

const OPTIONS = [
  { value: 'subscription', key: 'monthly', testId: 'billing-monthly' },
  { value: 'one_time', key: 'lifetime', testId: 'billing-lifetime' },
] as const satisfies readonly { value: BillingType; key: string; testId: string }[];

/**
 * Monthly (default) or Lifetime as a two-button segmented control, the same on the home page's
 * pricing and the checkout's first step; where it sits (centred or not) is the caller's className.
 */
export function BillingToggle({
  value,
  onChange,
  className,
}: {
  value: BillingType;
  onChange: (value: BillingType) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('billing.label')}
      className={clsx('flex w-fit rounded-2xl border border-ink/10 bg-white p-1 shadow-soft', className)}
    >
      {OPTIONS.map((option) => {
        const isActive = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            data-testid={option.testId}
            aria-pressed={isActive}
            onClick={() => onChange(option.value)}
            className={clsx(
              'min-h-11 min-w-32 rounded-xl px-5 text-sm font-semibold transition duration-200',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700',
              isActive ? 'bg-ink text-paper' : 'text-ink-soft hover:text-ink',
            )}
          >
            {t(`billing.${option.key}`)}
          </button>
        );
      })}
    </div>
  );
}
