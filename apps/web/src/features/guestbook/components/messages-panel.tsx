import type { OwnerMessage } from '@momentos/contract';
import { clsx } from 'clsx';
import { MessageSquareHeart, Printer } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { HOST_PAGE_SIZE, useEventMessages } from '../api/host-messages-api';
import { guestbookPrintHref } from '../lib/print-path';
import { MessageActions } from './message-actions';
import { MessageBody } from './message-body';
import { PanelSkeleton } from './panel-skeleton';

/** The album detail's "Mensajes" tab: every message in every state, with the host's moderation. */
export function MessagesPanel({ id }: { id: string }) {
  return (
    <Suspense fallback={<PanelSkeleton />}>
      <Panel id={id} />
    </Suspense>
  );
}

function Panel({ id }: { id: string }) {
  const { t } = useTranslation('guestbook');
  const [page, setPage] = useState(1);
  const messages = useEventMessages(id, page);
  const lastPage = messages.data ? Math.max(1, Math.ceil(messages.data.totalCount / HOST_PAGE_SIZE)) : 1;
  // Deleting the last message of the last page leaves the host on a page that no longer exists.
  if (page > lastPage) setPage(lastPage);
  if (messages.isPending) return <PanelSkeleton />;
  if (messages.isError)
    return (
      <div className="rounded-2xl bg-rose-50 p-6 text-center text-rose-800">
        <p>{t('host.loadFailed')}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void messages.refetch()}>
          {t('host.retry')}
        </Button>
      </div>
    );

  const { items, counts, limit } = messages.data;
  const total = counts.approved + counts.pending + counts.hidden;
  const pages = lastPage;

  return (
    <div data-testid="messages-panel">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <p data-testid="messages-count" className="font-semibold text-ink">
            {limit === null
              ? t('host.countUnlimited', { count: total })
              : t('host.countLimited', { count: total, limit })}
          </p>
          {counts.pending > 0 && (
            <p className="text-sm text-gold-800">{t('host.pendingCount', { count: counts.pending })}</p>
          )}
        </div>
        {counts.approved > 0 && (
          <Link to={guestbookPrintHref(id)} data-testid="guestbook-print-link" className={buttonClass('secondary')}>
            <Printer aria-hidden className="size-4" />
            {t('host.print')}
          </Link>
        )}
      </div>

      {items.length === 0 ? (
        <div
          data-testid="messages-empty"
          className="flex flex-col items-center rounded-3xl border border-dashed border-ink/15 bg-white px-6 py-12 text-center"
        >
          <div className="flex size-16 items-center justify-center rounded-full bg-rose-50">
            <MessageSquareHeart aria-hidden className="size-8 text-rose-700" />
          </div>
          <p className="mt-4 font-display text-2xl text-ink">{t('host.emptyTitle')}</p>
          <p className="mt-2 max-w-sm text-ink-soft">{t('host.emptyText')}</p>
        </div>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {items.map((message) => (
            <li
              key={message.id}
              data-testid="host-message"
              data-status={message.status}
              className={clsx(
                'flex flex-col gap-4 rounded-2xl border bg-white p-4 shadow-soft sm:p-5',
                message.status === 'pending' ? 'border-gold-700/40' : 'border-ink/10',
                message.status === 'hidden' && 'bg-paper-deep',
              )}
            >
              <div>
                <MessageBody message={message} badge={<StateBadge status={message.status} />} />
              </div>
              <MessageActions albumId={id} message={message} />
            </li>
          ))}
        </ul>
      )}

      {pages > 1 && (
        <nav aria-label={t('host.pagination')} className="mt-6 flex items-center justify-center gap-3">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('host.previous')}
          </Button>
          <span className="text-sm text-ink-soft tabular-nums">{t('host.page', { page, pages })}</span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('host.next')}
          </Button>
        </nav>
      )}
    </div>
  );
}

function StateBadge({ status }: { status: OwnerMessage['status'] }) {
  const { t } = useTranslation('guestbook');
  if (status === 'approved') return null;
  return (
    <span
      data-testid="message-state"
      className={clsx(
        'rounded-full px-2 py-0.5 text-xs font-semibold',
        status === 'pending' ? 'bg-gold-100 text-gold-800' : 'bg-ink/10 text-ink',
      )}
    >
      {t(`host.states.${status}`)}
    </span>
  );
}
