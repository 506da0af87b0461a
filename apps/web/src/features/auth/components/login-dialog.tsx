import { Info, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useAuthForm, type AuthMode } from '../hooks/use-auth-form';

interface LoginDialogProps {
  open: boolean;
  initialMode: AuthMode;
  redirectTo?: string;
  /** Shown above the form when the dialog opened by itself. */
  notice?: 'sessionEnded';
  onOpenChange: (open: boolean) => void;
}

/**
 * Radix closes only its topmost layer on Escape, and a toast (a failed sign-in's error) is a layer
 * above the dialog: the first Escape would close the toast alone. While focus is in the dialog
 * (or dropped to the page), one Escape closes the dialog; the toast's own handler still runs.
 */
function useEscapeCloses(open: boolean, content: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const focused = document.activeElement;
      if (!focused || focused === document.body || content.current?.contains(focused)) close();
    };
    // Capturing on window runs before Radix's listeners, which capture on the document.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [open, content, close]);
}

/** Radix Dialog around the auth form; the form unmounts on close, which clears it. */
export function LoginDialog({ open, initialMode, redirectTo = '/auth', notice, onOpenChange }: LoginDialogProps) {
  const { t } = useTranslation();
  const content = useRef<HTMLDivElement>(null);
  useEscapeCloses(open, content, () => onOpenChange(false));
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fade-in fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px]" />
        <Dialog.Content
          ref={content}
          className="dialog-in fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-paper p-6 shadow-lift sm:p-8"
        >
          <AuthForm
            initialMode={initialMode}
            redirectTo={redirectTo}
            notice={notice}
            onDone={() => onOpenChange(false)}
          />
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

function AuthForm({
  initialMode,
  redirectTo,
  notice,
  onDone,
}: {
  initialMode: AuthMode;
  redirectTo: string;
  notice?: 'sessionEnded';
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const emailRef = useRef<HTMLInputElement>(null);
  // The submit button is disabled while the request runs, which drops the focus to the page; a
  // refusal puts it back at the start of the form, where the user corrects and tries again.
  const form = useAuthForm(initialMode, onDone, redirectTo, () => emailRef.current?.focus());
  const { mode } = form;
  const submitLabel = t(`auth.${mode}.${form.isPending ? 'submitting' : 'submit'}`);

  return (
    <form onSubmit={form.onSubmit} noValidate className="flex flex-col gap-5">
      <div className="pr-8">
        <Dialog.Title className="font-display text-2xl text-ink sm:text-3xl">{t(`auth.${mode}.title`)}</Dialog.Title>
        <Dialog.Description className="mt-2 text-sm text-ink-soft">{t(`auth.${mode}.description`)}</Dialog.Description>
      </div>

      {notice === 'sessionEnded' && mode === 'login' && (
        <p
          data-testid="login-notice"
          role="status"
          className="-mt-1 flex gap-2 rounded-2xl border border-gold-700/25 bg-gold-100 p-3 text-sm text-ink"
        >
          <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-gold-700" />
          {t('auth.login.sessionEnded')}
        </p>
      )}

      <TextField
        id="login-email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        label={t('auth.fields.email')}
        placeholder={t('auth.fields.emailPlaceholder')}
        ref={emailRef}
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
        <Button
          variant="link"
          data-testid="login-to-forgot"
          className="-mt-3 self-end"
          onClick={() => form.setMode('forgot')}
        >
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
