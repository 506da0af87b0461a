import { LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

// Spec 000 §2 left the footer's other links without a target; the legal pages now exist, and the
// help center is where anyone can write to us.
const PAGE_LINKS = [
  { key: 'terms', to: '/terms' },
  { key: 'privacy', to: '/privacy' },
  { key: 'contact', to: '/help-center' },
] as const;

const linkClass =
  'inline-flex min-h-11 items-center gap-2 rounded-xl text-sm font-semibold text-ink underline-offset-4 hover:text-rose-700 hover:underline';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="mt-auto border-t border-ink/10 bg-paper-deep">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="max-w-sm">
          <p className="font-display text-xl font-semibold text-ink">{t('brand')}</p>
          <p className="mt-1 text-sm text-ink-soft">{t('footer.tagline')}</p>
        </div>
        <div className="flex flex-col gap-2 sm:items-end">
          <ul aria-label={t('footer.linksLabel')} className="flex flex-wrap gap-x-5">
            <li>
              <Link to="/help-center" data-testid="footer-help-center" className={linkClass}>
                <LifeBuoy aria-hidden className="size-4" />
                {t('footer.helpCenter')}
              </Link>
            </li>
            {PAGE_LINKS.map(({ key, to }) => (
              <li key={key}>
                <Link to={to} data-testid={`footer-${key}`} className={linkClass}>
                  {t(`footer.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
          <p className="text-xs text-ink-soft">{t('footer.rights', { year: new Date().getFullYear() })}</p>
        </div>
      </div>
    </footer>
  );
}
