import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { CHECKOUT_STEPS, type CheckoutStep } from '../lib/steps';

export const STEP_KEYS = ['plan', 'account', 'payment'] as const;

/** "Step X of 3" plus a three-part bar naming each step. */
export function StepProgress({ step }: { step: CheckoutStep }) {
  const { t } = useTranslation('checkout');
  return (
    <div>
      <p data-testid="checkout-step-label" className="text-xs font-semibold tracking-[0.14em] text-gold-800 uppercase">
        {t('stepLabel', { current: step, total: CHECKOUT_STEPS })}
      </p>
      <ol aria-label={t('progressLabel')} className="mt-3 grid grid-cols-3 gap-2">
        {STEP_KEYS.map((key, index) => {
          const state = index + 1 < step ? 'done' : index + 1 === step ? 'current' : 'todo';
          return (
            <li key={key} aria-current={state === 'current' ? 'step' : undefined} className="flex flex-col gap-1.5">
              <span
                aria-hidden
                className={clsx(
                  'h-1.5 rounded-full transition-colors duration-200',
                  state === 'todo' ? 'bg-ink/10' : state === 'done' ? 'bg-rose-700/60' : 'bg-rose-700',
                )}
              />
              <span className={clsx('text-xs', state === 'current' ? 'font-semibold text-ink' : 'text-ink-soft')}>
                {t(`steps.${key}.name`)}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
