import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { describeError } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';
import { fetchMe, verifyEmail } from '../api/auth-api';
import { isLoggedIn, readSession, saveSession } from '../session';
import { StatusCard } from './status-card';

// After verifying, a logged-in user's stored copy still says "pending"; reload it from the server.
async function verifyAndRefreshUser(token: string): Promise<true> {
  await verifyEmail({ token });
  const session = readSession();
  if (session && isLoggedIn(session)) {
    try {
      const me = await fetchMe();
      saveSession({ ...session, user: me.data.user });
    } catch {
      // The verification itself succeeded; the badge catches up on the next login.
    }
  }
  return true;
}

/** /verify-email?token=…: confirms the address from the e-mailed link. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  useDocumentTitle(t('verifyEmail.title'));
  // A query rather than an effect: it runs once per token even under StrictMode's double mount,
  // which matters because the token is single-use.
  const result = useQuery({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => verifyAndRefreshUser(token),
    enabled: token !== '',
    gcTime: Infinity,
  });
  const loggedIn = isLoggedIn(readSession());

  if (!token)
    return (
      <StatusCard
        tone="error"
        testId="verify-email-status"
        title={t('verifyEmail.error')}
        text={t('verifyEmail.missingToken')}
      />
    );
  if (result.isPending)
    return <StatusCard tone="loading" testId="verify-email-status" title={t('verifyEmail.loading')} />;
  if (result.isError) {
    return (
      <StatusCard
        tone="error"
        testId="verify-email-status"
        title={t('verifyEmail.error')}
        text={describeError(t, result.error)}
      >
        <Link to="/" className={buttonClass('secondary', 'md', 'mt-6')}>
          {t('actions.backHome')}
        </Link>
      </StatusCard>
    );
  }
  return (
    <StatusCard
      tone="success"
      testId="verify-email-status"
      title={t('verifyEmail.success')}
      text={t('verifyEmail.successDescription')}
    >
      <Link to={loggedIn ? '/auth' : '/'} className={buttonClass('primary', 'md', 'mt-6')}>
        {loggedIn ? t('verifyEmail.goToAccount') : t('actions.backHome')}
      </Link>
    </StatusCard>
  );
}
