import type { BillingType } from '@momentos/contract';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

const OPTIONS = [
  { type: 'subscription', labelKey: 'pricing.monthly', testId: 'billing-monthly' },
  { type: 'one_time', labelKey: 'pricing.lifetime', testId: 'billing-lifetime' },
] as const;

/** Monthly (default) or Lifetime, as a two-button segmented control. */
export function BillingToggle({ value, onChange }: { value: BillingType; onChange: (value: BillingType) => void }) {
  const { t } = useTranslation('home');
  return (
    <div role="group" aria-label={t('pricing.billingLabel')} className="mx-auto flex w-fit rounded-2xl border border-ink/10 bg-white p-1 shadow-soft">
      {OPTIONS.map((option) => (
        <button
          key={option.type}
          type="button"
          data-testid={option.testId}
          aria-pressed={value === option.type}
          onClick={() => onChange(option.type)}
          className={clsx(
            'min-h-11 min-w-32 rounded-xl px-5 text-sm font-semibold transition duration-150',
            value === option.type ? 'bg-ink text-paper' : 'text-ink-soft hover:text-ink',
          )}
        >
          {t(option.labelKey)}
        </button>
      ))}
    </div>
  );
}
