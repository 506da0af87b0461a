import { PASSWORD_MIN_LENGTH } from '@momentos/contract/constants';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast-store';
import { describeError } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useResetPasswordMutation } from '../api/use-auth-mutations';
import { useLoginDialog } from './login-dialog-context';
import { StatusCard } from './status-card';

/** /reset-password?token=…: chooses a new password from the e-mailed link. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const reset = useResetPasswordMutation();
  const { openLoginDialog } = useLoginDialog();
  useDocumentTitle(t('resetPassword.title'));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const fail = (description: string) => toast({ title: t('actions.error'), description, variant: 'destructive' });
    if (password.length < PASSWORD_MIN_LENGTH) return fail(t('validation.minLength', { count: PASSWORD_MIN_LENGTH }));
    if (password !== confirm) return fail(t('validation.passwordsMismatch'));
    reset.mutate({ token, password }, { onError: (error) => fail(describeError(t, error)) });
  };

  if (!token)
    return <StatusCard tone="error" title={t('resetPassword.title')} text={t('resetPassword.missingToken')} />;
  if (reset.isSuccess) {
    return (
      <StatusCard
        tone="success"
        testId="reset-password-success"
        title={t('resetPassword.success')}
        text={t('resetPassword.successDescription')}
      >
        <Button className="mt-6" onClick={() => openLoginDialog('login')}>
          {t('resetPassword.openLogin')}
        </Button>
      </StatusCard>
    );
  }
  return (
    <StatusCard tone="neutral" title={t('resetPassword.title')} text={t('resetPassword.description')}>
      <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4">
        <TextField
          id="reset-password"
          type="password"
          autoComplete="new-password"
          label={t('resetPassword.password')}
          hint={t('auth.fields.passwordHint')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextField
          id="reset-password-confirm"
          type="password"
          autoComplete="new-password"
          label={t('resetPassword.confirmPassword')}
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
        <Button type="submit" data-testid="reset-submit" disabled={reset.isPending || !password || !confirm}>
          {reset.isPending ? t('resetPassword.submitting') : t('resetPassword.submit')}
        </Button>
      </form>
    </StatusCard>
  );
}
