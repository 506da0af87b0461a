import type { DashboardSummary, EventListEntry } from '@momentos/contract';
import { CalendarHeart, CheckCircle2, Images, Receipt } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format-date';
import { firstEventDate } from '../lib/orders';

function Stat({
  icon,
  label,
  value,
  testId,
  loading,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  testId: string;
  loading: boolean;
}) {
  return (
    <div className="rounded-2xl border border-ink/10 bg-white p-4 shadow-soft">
      <dt className="flex items-center gap-2 text-xs font-semibold tracking-wide text-ink-soft uppercase">
        {icon}
        {label}
      </dt>
      <dd data-testid={testId} className="mt-2 text-2xl font-semibold text-ink tabular-nums">
        {loading ? (
          <span aria-hidden className="block h-8 w-12 animate-pulse rounded-lg bg-ink/10 motion-reduce:animate-none" />
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

/** Albums, total orders, active albums, and the first album's event date (spec 001 §2). */
export function SummaryCounts({
  loading,
  events,
  summary,
}: {
  loading: boolean;
  events: EventListEntry[];
  summary: DashboardSummary | undefined;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const first = firstEventDate(events.map((event) => event.fechaDeEvento));
  const iconClass = 'size-4 text-rose-700';
  return (
    <dl data-testid="dashboard-summary" className="mt-8 grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat
        loading={loading}
        testId="summary-albums"
        label={t('summary.albums')}
        value={events.length}
        icon={<Images aria-hidden className={iconClass} />}
      />
      <Stat
        loading={loading}
        testId="summary-orders"
        label={t('summary.orders')}
        value={summary?.totalOrders ?? '—'}
        icon={<Receipt aria-hidden className={iconClass} />}
      />
      <Stat
        loading={loading}
        testId="summary-active"
        label={t('summary.active')}
        value={events.filter((event) => event.estatus).length}
        icon={<CheckCircle2 aria-hidden className={iconClass} />}
      />
      <Stat
        loading={loading}
        testId="summary-first-date"
        label={t('summary.firstEvent')}
        value={<span className="text-base sm:text-lg">{first ? formatDate(first, i18n.language) : '—'}</span>}
        icon={<CalendarHeart aria-hidden className={iconClass} />}
      />
    </dl>
  );
}
