import { PASSWORD_MIN_LENGTH } from '@momentos/contract/constants';
import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { isValidEmail } from '@/lib/email';
import { describeError } from '@/lib/error-message';
import { MissingSessionError } from '../api/auth-api';
import { useForgotPasswordMutation, useLoginMutation, useRegisterMutation } from '../api/use-auth-mutations';
import { saveSession } from '../session';

export type AuthMode = 'login' | 'register' | 'forgot';

/** "32 seconds" or "15 minutes": the wait a 429 asked for (Retry-After), or undefined when it gave none. */
function waitOf(t: TFunction, error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 429 || !error.retryAfterSeconds) return undefined;
  const seconds = error.retryAfterSeconds;
  return seconds < 60
    ? t('auth.errors.waitSeconds', { count: seconds })
    : t('auth.errors.waitMinutes', { count: Math.ceil(seconds / 60) });
}

// Spec 000 §8: a register error mentioning an existing user switches to login instead of failing.
function isUserExistsError(error: unknown): boolean {
  if (error instanceof ApiError && error.code === 'EMAIL_ALREADY_EXISTS') return true;
  const message = error instanceof Error ? error.message.toLowerCase() : '';
  return message.includes('ya existe') || message.includes('already exists');
}

/**
 * State and submit rules of the login dialog (spec 000 §4, §5, §8) for its three modes.
 * `onRefused` runs after the server turned a submission down (the dialog puts the focus back).
 */
export function useAuthForm(
  initialMode: AuthMode,
  onDone: () => void,
  redirectTo = '/auth',
  onRefused: () => void = () => undefined,
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const loginMutation = useLoginMutation();
  const registerMutation = useRegisterMutation();
  const forgotMutation = useForgotPasswordMutation();
  const isPending = loginMutation.isPending || registerMutation.isPending || forgotMutation.isPending;
  const needsPassword = mode !== 'forgot';
  const canSubmit = !isPending && email !== '' && (!needsPassword || password !== '');

  const showError = (description: string, title = t('actions.error')) =>
    toast({ title, description, variant: 'destructive' });

  // A refusal says how long to wait; the fields keep what was typed for the next try.
  const describeFailure = (error: unknown, fallback?: string) => {
    const wait = waitOf(t, error);
    if (wait) return t(mode === 'login' ? 'auth.errors.tooManySignIns' : 'auth.errors.tooManyAttempts', { wait });
    return describeError(t, error, fallback);
  };

  const succeed = (title: string, description: string) => (session: Parameters<typeof saveSession>[0]) => {
    saveSession(session);
    toast({ title, description, variant: 'success' });
    onDone();
    void navigate(redirectTo);
  };

  const submitLogin = (credentials: { email: string; password: string }) =>
    loginMutation.mutate(credentials, {
      onSuccess: succeed(t('auth.login.success'), t('auth.login.successDescription')),
      onError: (error) => {
        showError(
          error instanceof MissingSessionError
            ? t('auth.errors.noSession')
            : describeFailure(error, t('auth.errors.invalidCredentials')),
          t('auth.errors.authTitle'),
        );
        onRefused();
      },
    });

  const submitRegister = (credentials: { email: string; password: string }) =>
    registerMutation.mutate(credentials, {
      onSuccess: succeed(t('auth.register.success'), t('auth.register.successDescription')),
      onError: (error) => {
        if (isUserExistsError(error)) {
          toast({ title: t('auth.errors.userExists'), description: t('auth.errors.userExistsDescription') });
          setMode('login');
          onRefused();
          return;
        }
        showError(
          error instanceof MissingSessionError
            ? t('auth.errors.noSession')
            : describeFailure(error, t('auth.errors.registerError')),
        );
        onRefused();
      },
    });

  const submitForgot = (address: string) =>
    forgotMutation.mutate(
      { email: address },
      {
        onSuccess: () => {
          toast({ title: t('auth.forgot.sent'), description: t('auth.forgot.sentDescription') });
          setMode('login');
        },
        onError: (error) => {
          showError(describeFailure(error));
          onRefused();
        },
      },
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    const trimmedEmail = email.trim();
    // Reachable with whitespace-only input or Enter, since the button is disabled when empty.
    if (!trimmedEmail) return showError(t('validation.requiredField', { field: t('auth.fields.email') }));
    if (!isValidEmail(trimmedEmail)) return showError(t('validation.email'));
    if (mode === 'forgot') return submitForgot(trimmedEmail);
    if (!password.trim()) return showError(t('validation.requiredField', { field: t('auth.fields.password') }));
    if (mode === 'register' && password.length < PASSWORD_MIN_LENGTH) {
      return showError(t('validation.minLength', { count: PASSWORD_MIN_LENGTH }));
    }
    const credentials = { email: trimmedEmail, password };
    if (mode === 'login') submitLogin(credentials);
    else submitRegister(credentials);
  };

  return { mode, setMode, email, setEmail, password, setPassword, isPending, canSubmit, onSubmit };
}
