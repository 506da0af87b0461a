import type { BillingType } from '@momentos/contract';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

const OPTIONS = [
  { value: 'subscription', key: 'monthly', testId: 'billing-monthly' },
  { value: 'one_time', key: 'lifetime', testId: 'billing-lifetime' },
] as const satisfies readonly { value: BillingType; key: string; testId: string }[];

/** Monthly (default) or Lifetime; choosing either clears the plan and add-ons (spec 000 §4). */
export function BillingToggle({ value, onChange }: { value: BillingType; onChange: (value: BillingType) => void }) {
  const { t } = useTranslation('checkout');
  return (
    <div role="group" aria-label={t('billing.label')} className="inline-flex w-full rounded-2xl bg-paper-deep p-1 sm:w-auto">
      {OPTIONS.map((option) => {
        const active = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            data-testid={option.testId}
            aria-pressed={active}
            onClick={() => onChange(option.value)}
            className={clsx(
              'min-h-11 flex-1 rounded-xl px-5 text-sm font-semibold transition duration-200 sm:flex-none',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700',
              active ? 'bg-white text-ink shadow-soft' : 'text-ink-soft hover:text-ink',
            )}
          >
            {t(`billing.${option.key}`)}
          </button>
        );
      })}
    </div>
  );
}
