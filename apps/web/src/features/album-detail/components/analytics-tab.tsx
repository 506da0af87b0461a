import type { EventAnalytics } from '@momentos/contract';
import { BarChart3 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format-date';
import { useEventAnalytics } from '../api/album-detail-api';

type Point = { date: string; count: number };

/** A plain SVG bar chart with the same figures in a visually hidden table for screen readers. */
function DailyChart({ points, label, testId }: { points: Point[]; label: string; testId: string }) {
  const { t, i18n } = useTranslation('albumDetail');
  const max = Math.max(1, ...points.map((point) => point.count));
  // At least 7 slots, so a single day is a bar and not a wall; the drawing scales without distortion.
  const slots = Math.max(points.length, 7);
  const width = 336;
  const height = 150;
  const bar = width / slots;
  const showLabels = slots <= 20;
  return (
    <figure data-testid={testId}>
      {points.length === 0 ? (
        <p className="py-8 text-center text-sm text-ink-soft">{t('analytics.noData')}</p>
      ) : (
        <>
          <svg viewBox={`0 0 ${width} ${height + 4}`} role="img" aria-label={label} className="h-auto w-full">
            <line x1="0" x2={width} y1={height} y2={height} stroke="currentColor" className="text-ink/15" />
            {points.map((point, index) => {
              const h = (point.count / max) * (height - 16);
              return (
                <g key={point.date}>
                  <rect
                    x={index * bar + bar * 0.15}
                    y={height - h}
                    width={bar * 0.7}
                    height={h}
                    rx="3"
                    className="fill-rose-700"
                  />
                  {showLabels && point.count > 0 && (
                    <text
                      x={index * bar + bar / 2}
                      y={height - h - 4}
                      textAnchor="middle"
                      fontSize="11"
                      className="fill-ink"
                    >
                      {point.count}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
          <div aria-hidden className="flex justify-between text-xs text-ink-soft">
            <span>{formatDate(points[0]!.date, i18n.language)}</span>
            {points.length > 1 && (
              <span style={{ marginRight: `${((slots - points.length) / slots) * 100}%` }}>
                {formatDate(points[points.length - 1]!.date, i18n.language)}
              </span>
            )}
          </div>
          <table className="sr-only">
            <caption>{label}</caption>
            <tbody>
              {points.map((point) => (
                <tr key={point.date}>
                  <th scope="row">{formatDate(point.date, i18n.language)}</th>
                  <td>{point.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-ink/10 bg-white p-5 shadow-soft">
      <h3 className="mb-3 text-lg font-semibold text-ink">{title}</h3>
      {children}
    </section>
  );
}

function Contributors({ rows }: { rows: EventAnalytics['topContributors'] }) {
  const { t } = useTranslation('albumDetail');
  const max = Math.max(1, ...rows.map((row) => row.uploads));
  if (rows.length === 0) return <p className="py-8 text-center text-sm text-ink-soft">{t('analytics.noData')}</p>;
  return (
    <ol data-testid="analytics-contributors" className="grid gap-2">
      {rows.map((row) => (
        <li key={row.name} className="grid grid-cols-[minmax(0,8rem)_1fr_auto] items-center gap-3 text-sm">
          <span className="truncate font-medium text-ink">{row.name}</span>
          <span aria-hidden className="h-3 overflow-hidden rounded-full bg-rose-50">
            <span
              className="block h-full rounded-full bg-gold-700"
              style={{ width: `${(row.uploads / max) * 100}%` }}
            />
          </span>
          <span className="text-ink-soft tabular-nums">{t('analytics.uploads', { count: row.uploads })}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Host analytics (basic: uploads, contributors, guests against the limit, guestbook messages;
 * advanced adds views and likes).
 */
export default function AnalyticsTab({ id }: { id: string }) {
  const { t } = useTranslation('albumDetail');
  const query = useEventAnalytics(id);
  if (query.isPending) return <div className="h-64 animate-pulse rounded-2xl bg-ink/5 motion-reduce:animate-none" />;
  if (query.isError)
    return <p className="rounded-2xl bg-rose-50 p-6 text-center text-rose-800">{t('analytics.loadFailed')}</p>;
  const data = query.data;
  const percent = data.guests.limit > 0 ? Math.min(100, Math.round((data.guests.joined / data.guests.limit) * 100)) : 0;
  return (
    <div data-testid="analytics-tab" data-level={data.level} className="grid gap-4 md:grid-cols-2">
      <Panel title={t('analytics.uploadsOverTime')}>
        <DailyChart testId="analytics-uploads" points={data.uploadsPerDay} label={t('analytics.uploadsOverTime')} />
      </Panel>
      <Panel title={t('analytics.topContributors')}>
        <Contributors rows={data.topContributors} />
      </Panel>
      <Panel title={t('analytics.guests')}>
        <div data-testid="analytics-guests">
          <p className="text-3xl font-semibold text-ink tabular-nums">
            {data.guests.joined} <span className="text-base font-normal text-ink-soft">/ {data.guests.limit}</span>
          </p>
          <div
            role="meter"
            aria-valuemin={0}
            aria-valuemax={data.guests.limit}
            aria-valuenow={data.guests.joined}
            aria-label={t('analytics.guests')}
            className="mt-3 h-4 overflow-hidden rounded-full bg-paper-deep"
          >
            <div className="h-full rounded-full bg-rose-700" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-2 text-sm text-ink-soft">{t('analytics.guestsText', { percent })}</p>
        </div>
      </Panel>
      <Panel title={t('analytics.messagesOverTime')}>
        <p data-testid="analytics-messages-total" className="mb-2 text-3xl font-semibold text-ink tabular-nums">
          {data.messages.limit === null
            ? t('analytics.messagesUnlimited', { count: data.messages.total })
            : t('analytics.messagesOf', { count: data.messages.total, limit: data.messages.limit })}
        </p>
        <DailyChart testId="analytics-messages" points={data.messagesPerDay} label={t('analytics.messagesOverTime')} />
      </Panel>
      {data.level === 'advanced' ? (
        <>
          <Panel title={t('analytics.viewsOverTime')}>
            <DailyChart testId="analytics-views" points={data.viewsPerDay ?? []} label={t('analytics.viewsOverTime')} />
          </Panel>
          <Panel title={t('analytics.likesOverTime')}>
            <DailyChart testId="analytics-likes" points={data.likesPerDay ?? []} label={t('analytics.likesOverTime')} />
          </Panel>
        </>
      ) : (
        <section className="flex flex-col justify-center rounded-2xl border border-dashed border-gold-700/40 bg-gold-100/40 p-5 text-sm text-ink-soft">
          <BarChart3 aria-hidden className="mb-2 size-6 text-gold-800" />
          {t('analytics.advancedHint')}
        </section>
      )}
    </div>
  );
}
