import { PASSWORD_MIN_LENGTH } from '@momentos/contract/constants';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { MissingSessionError } from '../api/auth-api';
import { useForgotPasswordMutation, useLoginMutation, useRegisterMutation } from '../api/use-auth-mutations';
import { saveSession } from '../session';

export type AuthMode = 'login' | 'register' | 'forgot';

// Spec 000 §8: a register error mentioning an existing user switches to login instead of failing.
function isUserExistsError(error: unknown): boolean {
  if (error instanceof ApiError && error.code === 'EMAIL_ALREADY_EXISTS') return true;
  const message = error instanceof Error ? error.message.toLowerCase() : '';
  return message.includes('ya existe') || message.includes('already exists');
}

/** State and submit rules of the login dialog (spec 000 §4, §5, §8) for its three modes. */
export function useAuthForm(initialMode: AuthMode, onDone: () => void, redirectTo = '/auth') {
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

  const succeed = (title: string, description: string) => (session: Parameters<typeof saveSession>[0]) => {
    saveSession(session);
    toast({ title, description, variant: 'success' });
    onDone();
    void navigate(redirectTo);
  };

  const submitLogin = (credentials: { email: string; password: string }) =>
    loginMutation.mutate(credentials, {
      onSuccess: succeed(t('auth.login.success'), t('auth.login.successDescription')),
      onError: (error) =>
        showError(
          error instanceof MissingSessionError
            ? t('auth.errors.noSession')
            : describeError(t, error, t('auth.errors.invalidCredentials')),
          t('auth.errors.authTitle'),
        ),
    });

  const submitRegister = (credentials: { email: string; password: string }) =>
    registerMutation.mutate(credentials, {
      onSuccess: succeed(t('auth.register.success'), t('auth.register.successDescription')),
      onError: (error) => {
        if (isUserExistsError(error)) {
          toast({ title: t('auth.errors.userExists'), description: t('auth.errors.userExistsDescription') });
          setMode('login');
          return;
        }
        showError(
          error instanceof MissingSessionError
            ? t('auth.errors.noSession')
            : describeError(t, error, t('auth.errors.registerError')),
        );
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
        onError: (error) => showError(describeError(t, error)),
      },
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    const trimmedEmail = email.trim();
    // Reachable with whitespace-only input or Enter, since the button is disabled when empty.
    if (!trimmedEmail) return showError(t('validation.requiredField', { field: t('auth.fields.email') }));
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
