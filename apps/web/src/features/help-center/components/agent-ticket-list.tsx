import type { TicketSummary } from '@momentos/contract';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/error-message';
import { useAgentTickets, type TicketFilter } from '../api/use-agent-tickets';
import { useMessageTime } from '../hooks/use-message-time';
import { ChatStateCard } from './chat-states';
import { TicketStatusBadge } from './ticket-status-badge';

const FILTERS: TicketFilter[] = ['open', 'closed', 'all'];

interface AgentTicketListProps {
  filter: TicketFilter;
  onFilterChange: (filter: TicketFilter) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
}

function TicketRow({
  ticket,
  isSelected,
  onSelect,
}: {
  ticket: TicketSummary;
  isSelected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation('help');
  const formatTime = useMessageTime();
  return (
    <li>
      <button
        type="button"
        data-testid="agent-ticket"
        data-ticket-id={ticket.id}
        aria-current={isSelected ? 'true' : undefined}
        onClick={onSelect}
        className={clsx(
          'flex w-full min-h-11 flex-col gap-1 border-b border-ink/5 px-4 py-3 text-left hover:bg-paper-deep focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-rose-700',
          isSelected && 'bg-rose-50 hover:bg-rose-50',
        )}
      >
        <span className="flex items-start gap-2">
          <span data-testid="agent-ticket-subject" className="min-w-0 flex-1 font-semibold break-words text-ink">
            {ticket.subject}
          </span>
          <TicketStatusBadge status={ticket.status} />
        </span>
        <span className="truncate text-sm text-ink-soft">{ticket.customer_email ?? t('agent.visitor')}</span>
        <span className="flex flex-wrap items-center gap-x-2 text-xs text-ink-soft">
          <span>{t('agent.lastActivity', { time: formatTime(ticket.last_activity_at) })}</span>
          <span aria-hidden>·</span>
          <span>{t('agent.messageCount', { count: ticket.message_count })}</span>
          {ticket.awaiting_agent && ticket.status === 'open' && (
            <span className="inline-flex items-center gap-1 font-semibold text-rose-700">
              <span aria-hidden className="size-2 rounded-full bg-rose-700" />
              {t('agent.awaiting')}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}

/** The agents' list: a status filter and the tickets, open first and newest activity first. */
export function AgentTicketList({ filter, onFilterChange, selectedId, onSelect }: AgentTicketListProps) {
  const { t } = useTranslation('help');
  const { t: tCommon } = useTranslation();
  const tickets = useAgentTickets(filter);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div role="group" aria-label={t('agent.filters.label')} className="flex gap-1 border-b border-ink/10 p-2">
        {FILTERS.map((value) => (
          <button
            key={value}
            type="button"
            data-testid={`agent-filter-${value}`}
            aria-pressed={filter === value}
            onClick={() => onFilterChange(value)}
            className={clsx(
              'min-h-11 flex-1 rounded-xl px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-rose-700',
              filter === value ? 'bg-ink text-paper' : 'text-ink hover:bg-ink/5',
            )}
          >
            {t(`agent.filters.${value}`)}
          </button>
        ))}
      </div>
      {tickets.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-3 p-4">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-16 animate-pulse rounded-xl bg-ink/8" />
          ))}
        </div>
      ) : tickets.isError ? (
        <ChatStateCard
          tone="error"
          text={t('agent.listError')}
          hint={describeError(tCommon, tickets.error)}
          actionLabel={t('chat.retry')}
          onAction={() => void tickets.refetch()}
        />
      ) : tickets.data.length === 0 ? (
        <ChatStateCard tone="neutral" text={t('agent.emptyList')} hint={t('agent.emptyListHint')} />
      ) : (
        <ul data-testid="agent-ticket-list" className="min-h-0 flex-1 overflow-y-auto">
          {tickets.data.map((ticket) => (
            <TicketRow
              key={ticket.id}
              ticket={ticket}
              isSelected={ticket.id === selectedId}
              onSelect={() => onSelect(ticket.id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
