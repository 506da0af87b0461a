import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useAuthForm, type AuthMode } from '../hooks/use-auth-form';

interface LoginDialogProps {
  open: boolean;
  initialMode: AuthMode;
  redirectTo?: string;
  onOpenChange: (open: boolean) => void;
}

/** Radix Dialog around the auth form; the form unmounts on close, which clears it. */
export function LoginDialog({ open, initialMode, redirectTo = '/auth', onOpenChange }: LoginDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fade-in fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px]" />
        <Dialog.Content
          className="dialog-in fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-paper p-6 shadow-lift sm:p-8"
        >
          <AuthForm initialMode={initialMode} redirectTo={redirectTo} onDone={() => onOpenChange(false)} />
          <Dialog.Close
            aria-label={t('actions.close')}
            className="absolute top-3 right-3 grid size-11 place-items-center rounded-xl text-ink-soft hover:bg-ink/5 hover:text-ink"
          >
            <X aria-hidden className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function AuthForm({ initialMode, redirectTo, onDone }: { initialMode: AuthMode; redirectTo: string; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useAuthForm(initialMode, onDone, redirectTo);
  const { mode } = form;
  const submitLabel = t(`auth.${mode}.${form.isPending ? 'submitting' : 'submit'}`);

  return (
    <form onSubmit={form.onSubmit} noValidate className="flex flex-col gap-5">
      <div className="pr-8">
        <Dialog.Title className="font-display text-2xl text-ink sm:text-3xl">{t(`auth.${mode}.title`)}</Dialog.Title>
        <Dialog.Description className="mt-2 text-sm text-ink-soft">{t(`auth.${mode}.description`)}</Dialog.Description>
      </div>

      <TextField
        id="login-email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        label={t('auth.fields.email')}
        placeholder={t('auth.fields.emailPlaceholder')}
        value={form.email}
        onChange={(event) => form.setEmail(event.target.value)}
      />

      {mode !== 'forgot' && (
        <TextField
          id="login-password"
          type="password"
          name="password"
          autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
          label={t('auth.fields.password')}
          placeholder={mode === 'register' ? t('auth.fields.passwordHint') : t('auth.fields.passwordPlaceholder')}
          hint={mode === 'register' ? t('auth.fields.passwordHint') : undefined}
          value={form.password}
          onChange={(event) => form.setPassword(event.target.value)}
        />
      )}

      {mode === 'login' && (
        <Button variant="link" data-testid="login-to-forgot" className="-mt-3 self-end" onClick={() => form.setMode('forgot')}>
          {t('auth.login.toForgot')}
        </Button>
      )}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary" data-testid="login-cancel">
            {t('actions.cancel')}
          </Button>
        </Dialog.Close>
        <Button type="submit" data-testid="login-submit" disabled={!form.canSubmit} aria-busy={form.isPending}>
          {submitLabel}
        </Button>
      </div>

      <div className="border-t border-ink/10 pt-3 text-center">
        {mode === 'login' && (
          <Button variant="link" data-testid="login-to-register" onClick={() => form.setMode('register')}>
            {t('auth.login.toRegister')}
          </Button>
        )}
        {mode === 'register' && (
          <Button variant="link" data-testid="register-to-login" onClick={() => form.setMode('login')}>
            {t('auth.register.toLogin')}
          </Button>
        )}
        {mode === 'forgot' && (
          <Button variant="link" data-testid="forgot-to-login" onClick={() => form.setMode('login')}>
            {t('auth.forgot.backToLogin')}
          </Button>
        )}
      </div>
    </form>
  );
}
