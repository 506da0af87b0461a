import { ChevronDown, LayoutDashboard, LogOut, MailCheck, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/components/ui/toast-store';
import { describeError } from '@/lib/error-message';
import { EmailStatus, useResendVerificationMutation } from '@/features/auth';
import type { AuthUser } from '@momentos/contract';

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 text-sm font-medium text-ink outline-none select-none data-[highlighted]:bg-rose-50 data-[disabled]:opacity-50';

/** "My Account" menu: e-mail, verified/pending badge, dashboard link, resend, log out. */
export function AccountMenu({ user, onLogout }: { user: AuthUser | null; onLogout: () => void }) {
  const { t } = useTranslation();
  const resend = useResendVerificationMutation();
  const verified = user?.user_metadata?.email_verified === true;

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () =>
        toast({ title: t('nav.resendSent'), description: t('nav.resendSentDescription'), variant: 'success' }),
      onError: (error) =>
        toast({ title: t('actions.error'), description: describeError(t, error), variant: 'destructive' }),
    });

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        data-testid="nav-account"
        aria-label={t('nav.myAccount')}
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-xl border border-ink/10 bg-white px-3 text-sm font-semibold text-ink transition duration-150 hover:border-ink/25 data-[state=open]:border-rose-700/40"
      >
        <UserRound aria-hidden className="size-5 text-rose-700" />
        <span className="hidden md:inline">{t('nav.myAccount')}</span>
        <ChevronDown aria-hidden className="hidden size-4 text-ink-soft md:inline" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="fade-in z-50 w-72 max-w-[calc(100vw-1rem)] rounded-2xl border border-ink/10 bg-white p-2 shadow-lift"
        >
          <div className="px-3 pt-2 pb-3">
            <p className="text-xs font-semibold tracking-wide text-ink-soft uppercase">{t('nav.myAccount')}</p>
            <p data-testid="account-email" className="mt-1 truncate font-medium text-ink" title={user?.email}>
              {user?.email}
            </p>
            <EmailStatus verified={verified} className="mt-2" />
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-ink/10" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/auth" data-testid="account-dashboard">
              <LayoutDashboard aria-hidden className="size-4 text-ink-soft" />
              {t('nav.dashboard')}
            </Link>
          </DropdownMenu.Item>
          {!verified && (
            <DropdownMenu.Item
              data-testid="nav-resend-verification"
              className={itemClass}
              disabled={resend.isPending}
              onSelect={onResend}
            >
              <MailCheck aria-hidden className="size-4 text-ink-soft" />
              {t('nav.resendVerification')}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-ink/10" />
          <DropdownMenu.Item data-testid="nav-logout" className={itemClass} onSelect={onLogout}>
            <LogOut aria-hidden className="size-4 text-ink-soft" />
            {t('nav.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
