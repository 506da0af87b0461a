import { Images, LogOut, Mail, Plus, Receipt } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { EmailStatus, useAuth, useLogout } from '@/features/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { track } from '@/lib/tracking/tracking';
import { useClientEvents } from '../api/dashboard-api';
import { AlbumsTab } from './albums-tab';
import { OrdersTab } from './orders-tab';
import { SummaryCounts } from './summary-counts';

const tabClass =
  'inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-xl px-4 text-sm font-semibold text-ink-soft transition ' +
  'data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-soft focus-visible:outline-2 focus-visible:outline-rose-700 sm:flex-none';

/** /auth (spec 001 §2): welcome, counts, the albums and orders tabs, and logout. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  const logout = useLogout();
  const query = useClientEvents();
  const data = query.data;
  useDocumentTitle(t('title'));
  useEffect(() => track('dashboard_viewed'), []);

  const events = data?.events ?? [];
  const orders = data?.orders ?? [];

  return (
    <section data-testid="account-page" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 data-testid="dashboard-title" className="font-display text-3xl text-ink sm:text-4xl">
            {t('welcome')}
          </h1>
          <p className="mt-2 text-ink-soft">{t('subtitle')}</p>
          <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-ink-soft">
            <Mail aria-hidden className="size-4 shrink-0 text-rose-700" />
            <span data-testid="account-page-email" className="break-all">
              {user?.email}
            </span>
            <EmailStatus verified={user?.user_metadata?.email_verified === true} testId="account-email-status" />
          </p>
        </div>
        <Button
          data-testid="dashboard-logout"
          variant="secondary"
          className="self-start"
          onClick={() => {
            track('dashboard_logout_clicked');
            void logout();
          }}
        >
          <LogOut aria-hidden className="size-4" />
          {t('logout')}
        </Button>
      </header>

      <SummaryCounts
        loading={query.isPending}
        events={events}
        summary={data && !data.failed ? data.summary : undefined}
      />

      <Tabs.Root defaultValue="albums" className="mt-8">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Tabs.List aria-label={t('tabsLabel')} className="flex gap-1 rounded-2xl bg-paper-deep p-1">
            <Tabs.Trigger value="albums" data-testid="tab-albums" className={tabClass}>
              <Images aria-hidden className="size-4" />
              {t('tabs.albums')}
              <span data-testid="tab-albums-count" className="rounded-full bg-ink/10 px-2 text-xs tabular-nums">
                {query.isPending ? '…' : events.length}
              </span>
            </Tabs.Trigger>
            <Tabs.Trigger value="orders" data-testid="tab-orders" className={tabClass}>
              <Receipt aria-hidden className="size-4" />
              {t('tabs.orders')}
              <span data-testid="tab-orders-count" className="rounded-full bg-ink/10 px-2 text-xs tabular-nums">
                {query.isPending ? '…' : orders.length}
              </span>
            </Tabs.Trigger>
          </Tabs.List>
          <Link
            data-testid="dashboard-create"
            to="/checkout"
            onClick={() => track('dashboard_create_clicked')}
            className={buttonClass('primary', 'md', 'self-start sm:self-auto')}
          >
            <Plus aria-hidden className="size-4" />
            {t('createNew')}
          </Link>
        </div>
        <Tabs.Content value="albums" className="mt-6 focus-visible:outline-none">
          <AlbumsTab loading={query.isPending} events={events} />
        </Tabs.Content>
        <Tabs.Content value="orders" className="mt-6 focus-visible:outline-none">
          <OrdersTab
            loading={query.isPending}
            orders={orders}
            summary={data && !data.failed ? data.summary : undefined}
          />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
