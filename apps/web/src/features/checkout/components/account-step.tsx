import { clsx } from 'clsx';
import { ArrowRight, CircleUserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { dispatchCheckout } from '../hooks/checkout-store';
import { useAccountStep, type AccountMode } from '../hooks/use-account-step';
import { stepPath } from '../lib/steps';
import { PriceLine } from './order-summary';
import { StepBar } from './step-bar';

const MODES: { mode: AccountMode; testId: string }[] = [
  { mode: 'register', testId: 'auth-mode-register' },
  { mode: 'login', testId: 'auth-mode-login' },
];

/** Step 2: register (default) or log in, then the payment customer is created. */
export function AccountStep() {
  const { t } = useTranslation('checkout');
  const step = useAccountStep();
  const { form, mode } = step;

  return (
    <form id="checkout-account" onSubmit={step.onSubmit} noValidate>
      {step.auth.isLoggedIn ? (
        <div
          data-testid="checkout-signed-in"
          className="flex items-start gap-3 rounded-2xl border border-ink/10 bg-white p-5 shadow-soft"
        >
          <CircleUserRound aria-hidden className="mt-0.5 size-6 shrink-0 text-rose-700" />
          <div className="min-w-0">
            <p className="font-semibold text-ink">{t('account.signedInTitle')}</p>
            <p className="mt-1 text-sm break-words text-ink-soft">
              {t('account.signedInAs', { email: step.auth.user?.email ?? '' })}
            </p>
          </div>
        </div>
      ) : (
        <div className="rounded-2xl border border-ink/10 bg-white p-5 shadow-soft sm:p-6">
          <div
            role="group"
            aria-label={t('account.modeLabel')}
            className="grid grid-cols-2 rounded-2xl bg-paper-deep p-1"
          >
            {MODES.map((option) => (
              <button
                key={option.mode}
                type="button"
                data-testid={option.testId}
                aria-pressed={mode === option.mode}
                onClick={() => step.setMode(option.mode)}
                className={clsx(
                  'min-h-11 rounded-xl px-3 text-sm font-semibold transition duration-200',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700',
                  mode === option.mode ? 'bg-white text-ink shadow-soft' : 'text-ink-soft hover:text-ink',
                )}
              >
                {t(`account.${option.mode}`)}
              </button>
            ))}
          </div>
          <div className="mt-5 flex flex-col gap-4">
            <TextField
              id="checkout-email"
              data-testid="checkout-email"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              label={t('account.email')}
              placeholder={t('account.emailPlaceholder')}
              value={form.email}
              onChange={(event) => dispatchCheckout({ type: 'setEmail', email: event.target.value })}
            />
            <TextField
              id="checkout-password"
              data-testid="checkout-password"
              type="password"
              name="password"
              autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
              label={t('account.password')}
              placeholder={t(
                mode === 'register' ? 'account.passwordPlaceholderRegister' : 'account.passwordPlaceholderLogin',
              )}
              hint={mode === 'register' ? t('account.registerHint') : undefined}
              value={form.password}
              onChange={(event) => dispatchCheckout({ type: 'setPassword', password: event.target.value })}
            />
          </div>
        </div>
      )}
      <StepBar backTo={stepPath(1)} price={<PriceLine />}>
        <Button
          type="submit"
          size="lg"
          data-testid="checkout-continue"
          disabled={!step.canSubmit}
          aria-busy={step.isPending}
        >
          {step.isPending ? t('actions.working') : t('actions.continue')}
          {!step.isPending && <ArrowRight aria-hidden className="size-5" />}
        </Button>
      </StepBar>
    </form>
  );
}
