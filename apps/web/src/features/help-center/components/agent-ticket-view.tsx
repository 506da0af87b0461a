import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { describeError } from '@/lib/error-message';
import { useAgentReply, useSetTicketStatus } from '../api/use-agent-tickets';
import { useTicket } from '../api/use-ticket';
import { ChatComposer } from './chat-composer';
import { ChatSkeleton, ChatStateCard } from './chat-states';
import { ChatThread } from './chat-thread';
import { CustomerContext } from './customer-context';
import { TicketStatusBadge } from './ticket-status-badge';

/** One ticket in the console: the customer's context, the conversation, reply, close and reopen. */
export function AgentTicketView({ ticketId, onBack }: { ticketId: string; onBack: () => void }) {
  const { t } = useTranslation('help');
  const { t: tCommon } = useTranslation();
  const ticketQuery = useTicket({ id: ticketId }, { isLoggedIn: true });
  const reply = useAgentReply(ticketId);
  const setStatus = useSetTicketStatus(ticketId);
  const ticket = ticketQuery.data;

  async function onSend(text: string) {
    try {
      await reply.mutateAsync(text);
      return true;
    } catch (error) {
      toast({ variant: 'destructive', title: t('chat.sendError'), description: describeError(tCommon, error) });
      return false;
    }
  }

  function toggleStatus() {
    if (!ticket) return;
    const next = ticket.status === 'open' ? 'closed' : 'open';
    setStatus.mutate(next, {
      onSuccess: () => toast({ variant: 'success', title: t(next === 'closed' ? 'agent.closed' : 'agent.reopened') }),
      onError: (error) =>
        toast({ variant: 'destructive', title: t('agent.statusError'), description: describeError(tCommon, error) }),
    });
  }

  return (
    <div data-testid="agent-ticket-view" className="flex min-h-0 flex-1 flex-col">
      <header className="flex flex-col gap-1 border-b border-ink/10 bg-white px-2 py-2 sm:flex-row sm:items-center sm:gap-2 sm:px-4">
        <div className="flex min-w-0 flex-1 items-center gap-2">
          <button
            type="button"
            onClick={onBack}
            aria-label={t('agent.backToList')}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-ink hover:bg-ink/5 focus-visible:outline-2 focus-visible:outline-rose-700 lg:hidden"
          >
            <ArrowLeft aria-hidden className="size-5" />
          </button>
          <h2
            data-testid="agent-ticket-title"
            className="line-clamp-2 min-w-0 flex-1 font-semibold break-words text-ink"
          >
            {ticket?.subject}
          </h2>
        </div>
        {ticket && (
          <div className="flex items-center justify-between gap-2 pl-2 sm:justify-end sm:pl-0">
            <TicketStatusBadge status={ticket.status} />
            <Button
              variant="secondary"
              data-testid="agent-toggle-status"
              disabled={setStatus.isPending}
              onClick={toggleStatus}
            >
              {t(ticket.status === 'open' ? 'agent.close' : 'agent.reopen')}
            </Button>
          </div>
        )}
      </header>
      {ticketQuery.isPending ? (
        <ChatSkeleton />
      ) : !ticket ? (
        <ChatStateCard
          tone="error"
          text={t('chat.loadError')}
          hint={describeError(tCommon, ticketQuery.error)}
          actionLabel={t('chat.retry')}
          onAction={() => void ticketQuery.refetch()}
        />
      ) : (
        <>
          <CustomerContext ticket={ticket} />
          <ChatThread
            messages={ticket.conversations}
            mine="agent"
            labels={{ customer: t('chat.customer'), agent: t('chat.agent') }}
            pendingText={reply.isPending ? reply.variables : undefined}
          />
        </>
      )}
      {ticket && <ChatComposer onSend={onSend} isSending={reply.isPending} placeholder={t('agent.replyPlaceholder')} />}
    </div>
  );
}
