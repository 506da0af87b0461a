import { clsx } from 'clsx';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { TicketFilter } from '../api/use-agent-tickets';
import { AgentGate } from './agent-gate';
import { AgentTicketList } from './agent-ticket-list';
import { AgentTicketView } from './agent-ticket-view';

function isFilter(value: string | null): value is TicketFilter {
  return value === 'open' || value === 'closed' || value === 'all';
}

/**
 * /help-center/agent: the list beside the conversation on a wide screen; on a phone one or the
 * other. The filter and the open ticket live in the URL, so a reload or a shared link keeps them.
 */
function AgentConsole() {
  const { t } = useTranslation('help');
  const [params, setParams] = useSearchParams();
  const filterParam = params.get('status');
  const filter: TicketFilter = isFilter(filterParam) ? filterParam : 'open';
  const selectedId = params.get('ticket');

  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  return (
    <section data-testid="agent-console" className="mx-auto flex w-full max-w-6xl flex-1 flex-col sm:px-4 sm:py-6">
      <div className="hidden px-1 pb-4 sm:block">
        <h1 className="font-display text-3xl text-ink">{t('agent.title')}</h1>
        <p className="text-ink-soft">{t('agent.subtitle')}</p>
      </div>
      <div className="grid h-[calc(100dvh-4rem)] min-h-[28rem] overflow-hidden border-ink/10 bg-white sm:h-[min(48rem,calc(100dvh-12rem))] sm:rounded-3xl sm:border sm:shadow-soft lg:grid-cols-[22rem_1fr]">
        <div className={clsx('min-h-0 flex-col border-ink/10 lg:flex lg:border-r', selectedId ? 'hidden' : 'flex')}>
          <h1 className="border-b border-ink/10 px-4 py-3 font-display text-xl text-ink sm:hidden">
            {t('agent.title')}
          </h1>
          <AgentTicketList
            filter={filter}
            onFilterChange={(value) => update({ status: value })}
            selectedId={selectedId}
            onSelect={(id) => update({ ticket: id })}
          />
        </div>
        <div className={clsx('min-h-0 flex-col bg-paper-deep/60', selectedId ? 'flex' : 'hidden lg:flex')}>
          {selectedId ? (
            <AgentTicketView key={selectedId} ticketId={selectedId} onBack={() => update({ ticket: null })} />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center text-ink-soft">
              <Inbox aria-hidden className="size-10 text-rose-700" />
              <p>{t('agent.selectTicket')}</p>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

export function AgentConsolePage() {
  const { t } = useTranslation('help');
  useDocumentTitle(t('agent.title'));
  return (
    <AgentGate>
      <AgentConsole />
    </AgentGate>
  );
}
