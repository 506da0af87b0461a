import { KeyRound, LogIn, Plus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { useAuth, useLoginDialog, useLogout } from '@/features/auth';
import { LanguageSwitcher } from './language-switcher';
import { MobileMenu } from './mobile-menu';
import { GUEST_CODE_PATH, HOME_ANCHORS, isGuestPage } from './nav-links';
import { checkoutEntryState } from '@/lib/tracking/checkout-entry';

// Only a signed-in visitor sees the account menu, so visitors (and the landing page) never load it.
const AccountMenu = lazy(async () => ({ default: (await import('./account-menu')).AccountMenu }));

/** Sticky top bar of every page (spec 000 §2). */
export function NavBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const showCreateAlbum = !pathname.startsWith('/checkout');
  const quiet = isGuestPage(pathname);

  return (
    <header className="sticky top-0 z-40 border-b border-ink/5 bg-paper/90 backdrop-blur-md">
      <nav
        aria-label={t('nav.label')}
        className="mx-auto flex h-16 max-w-6xl items-center gap-1.5 px-3 sm:px-6 md:h-18 md:gap-2"
      >
        <Link to="/" aria-label={t('nav.home')} className="mr-auto flex min-h-11 items-center gap-2 rounded-xl pr-2">
          {/* The mark is drawn, not lettered, so the link's visible text is just the brand name. */}
          <svg aria-hidden viewBox="0 0 64 64" className="hidden size-8 min-[420px]:block">
            <rect width="64" height="64" rx="14" className="fill-rose-700" />
            <path
              d="M18 44V22l14 14 14-14v22"
              fill="none"
              stroke="#f6ecd4"
              strokeWidth="5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="font-display text-xl font-semibold tracking-tight text-ink sm:text-2xl">{t('brand')}</span>
        </Link>

        {quiet ? <LanguageSwitcher /> : <SiteLinks showCreateAlbum={showCreateAlbum} />}
      </nav>
    </header>
  );
}

/** The marketing and account part of the bar, left out of the pages guests open. */
function SiteLinks({ showCreateAlbum }: { showCreateAlbum: boolean }) {
  const { t } = useTranslation();
  const { isLoggedIn, user } = useAuth();
  const { openLoginDialog } = useLoginDialog();
  const logout = useLogout();
  return (
    <>
      <ul className="hidden items-center gap-1 lg:flex">
        <li>
          <Link
            to={GUEST_CODE_PATH}
            data-testid="nav-guest-code"
            title={t('nav.guestCode')}
            className={buttonClass('ghost', 'md', 'font-medium text-rose-800 hover:text-rose-900')}
          >
            <KeyRound aria-hidden className="size-4" />
            {/* Below xl the bar has room only for the key: the words stay for screen readers and as the tooltip. */}
            <span className="max-xl:sr-only">{t('nav.guestCode')}</span>
          </Link>
        </li>
        {HOME_ANCHORS.map((anchor) => (
          <li key={anchor.to}>
            <Link to={anchor.to} className={buttonClass('ghost', 'md', 'font-medium text-ink-soft hover:text-ink')}>
              {t(anchor.labelKey)}
            </Link>
          </li>
        ))}
      </ul>

      <LanguageSwitcher />

      {isLoggedIn ? (
        <Suspense fallback={null}>
          <AccountMenu user={user} onLogout={() => void logout()} />
        </Suspense>
      ) : (
        <button
          type="button"
          data-testid="nav-login"
          onClick={() => openLoginDialog('login')}
          className={buttonClass('secondary', 'md', 'px-3')}
        >
          <LogIn aria-hidden className="hidden size-4 sm:block" />
          {t('nav.login')}
        </button>
      )}

      {showCreateAlbum && (
        <Link
          to="/checkout"
          state={checkoutEntryState('nav')}
          data-testid="nav-create-album"
          className={buttonClass('primary', 'md', 'max-lg:hidden')}
        >
          <Plus aria-hidden className="size-4" />
          {t('nav.createAlbum')}
        </Link>
      )}

      <MobileMenu showCreateAlbum={showCreateAlbum} />
    </>
  );
}
