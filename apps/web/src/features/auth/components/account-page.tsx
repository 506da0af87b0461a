import { Mail, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { MyAlbums } from '@/features/personalization/components/my-albums';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAuth } from '../hooks/use-auth';
import { EmailStatus } from './email-status';

/** Placeholder dashboard for /auth until the real one lands (spec 001 §2). */
export function AccountPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  useDocumentTitle(t('account.title'));

  return (
    <section data-testid="account-page" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:py-16">
      <h1 className="font-display text-3xl text-ink sm:text-4xl">{t('account.title')}</h1>
      <p className="mt-2 text-ink-soft">{t('account.subtitle')}</p>

      <div className="mt-8 rounded-3xl border border-ink/10 bg-white p-6 shadow-soft sm:p-8">
        <dl className="grid gap-5 sm:grid-cols-2">
          <div>
            <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">{t('account.email')}</dt>
            <dd className="mt-1 flex items-center gap-2 font-medium break-all text-ink">
              <Mail aria-hidden className="size-4 shrink-0 text-rose-700" />
              <span data-testid="account-page-email">{user?.email}</span>
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">{t('account.status')}</dt>
            <dd className="mt-1">
              <EmailStatus verified={user?.user_metadata?.email_verified === true} testId="account-email-status" />
            </dd>
          </div>
        </dl>
        <div className="mt-8 flex flex-col gap-4 rounded-2xl bg-paper-deep p-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-ink-soft">{t('account.comingSoon')}</p>
          <Link to="/checkout" className={buttonClass('primary', 'md', 'shrink-0')}>
            <Plus aria-hidden className="size-4" />
            {t('account.createAlbum')}
          </Link>
        </div>
      </div>
      <MyAlbums />
    </section>
  );
}
