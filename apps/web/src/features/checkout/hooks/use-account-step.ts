import { PASSWORD_MIN_LENGTH } from '@momentos/contract/constants';
import type { Session } from '@momentos/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast-store';
import { MissingSessionError, saveSession, useAuth, useLoginMutation, useRegisterMutation } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { isValidEmail } from '@/lib/email';
import { describeError } from '@/lib/error-message';
import { useCreateCustomer } from '../api/checkout-api';
import { describePaymentError } from '../lib/payment-errors';
import { stepPath } from '../lib/steps';
import { dispatchCheckout, useCheckoutForm } from './checkout-store';
import { trackStepCompleted } from './use-checkout-tracking';

export type AccountMode = 'register' | 'login';

// Same rule as the login dialog (spec 000 §8): an existing e-mail switches to login.
function isUserExistsError(error: unknown): boolean {
  if (error instanceof ApiError && error.code === 'EMAIL_ALREADY_EXISTS') return true;
  const message = error instanceof Error ? error.message.toLowerCase() : '';
  return message.includes('ya existe') || message.includes('already exists');
}

/**
 * Step 2 (spec 000 §4): register or log in, store the session the way the login dialog does,
 * then create the payment customer; only then does step 3 open. A signed-in user skips the form.
 */
export function useAccountStep() {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('checkout');
  const navigate = useNavigate();
  const auth = useAuth();
  const form = useCheckoutForm();
  const [mode, setMode] = useState<AccountMode>('register');
  const loginMutation = useLoginMutation();
  const registerMutation = useRegisterMutation();
  const customerMutation = useCreateCustomer();
  const isPending = loginMutation.isPending || registerMutation.isPending || customerMutation.isPending;
  const canSubmit = !isPending && (auth.isLoggedIn || (form.email !== '' && form.password !== ''));

  const showError = (description: string, title = t('actions.error')) =>
    toast({ title, description, variant: 'destructive' });

  const createCustomer = (email: string) =>
    customerMutation.mutate(email, {
      onSuccess: (customerId) => {
        dispatchCheckout({ type: 'setCustomer', customerId });
        trackStepCompleted(2);
        void navigate(stepPath(3));
      },
      onError: (error) =>
        showError(
          error instanceof ApiError && error.code ? describePaymentError(tc, error) : tc('errors.customerFailed'),
          tc('account.customerFailedTitle'),
        ),
    });

  const signedIn = (title: string) => (session: Session) => {
    saveSession(session);
    toast({ title, variant: 'success' });
    // The password has done its job; do not keep it around in memory either.
    dispatchCheckout({ type: 'setPassword', password: '' });
    createCustomer(session.user?.email ?? form.email.trim());
  };

  const authError = (error: unknown, fallback: string) =>
    error instanceof MissingSessionError ? t('auth.errors.noSession') : describeError(t, error, fallback);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    if (auth.isLoggedIn) return createCustomer(auth.user?.email ?? form.email.trim());
    const email = form.email.trim();
    if (!email) return showError(t('validation.requiredField', { field: t('auth.fields.email') }));
    if (!isValidEmail(email)) return showError(t('validation.email'));
    if (!form.password.trim()) return showError(t('validation.requiredField', { field: t('auth.fields.password') }));
    if (mode === 'register' && form.password.length < PASSWORD_MIN_LENGTH) {
      return showError(t('validation.minLength', { count: PASSWORD_MIN_LENGTH }));
    }
    const credentials = { email, password: form.password };
    if (mode === 'login') {
      return loginMutation.mutate(credentials, {
        onSuccess: signedIn(tc('account.loggedIn')),
        onError: (error) =>
          showError(authError(error, t('auth.errors.invalidCredentials')), t('auth.errors.authTitle')),
      });
    }
    registerMutation.mutate(credentials, {
      onSuccess: signedIn(tc('account.registered')),
      onError: (error) => {
        if (!isUserExistsError(error)) return showError(authError(error, t('auth.errors.registerError')));
        toast({ title: t('auth.errors.userExists'), description: t('auth.errors.userExistsDescription') });
        setMode('login');
      },
    });
  };

  return { mode, setMode, form, auth, isPending, canSubmit, onSubmit };
}
