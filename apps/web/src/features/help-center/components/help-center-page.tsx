import { ArrowLeft, LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast-store';
import { useAuth } from '@/features/auth';
import { describeError } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSendHelpMessage } from '../api/use-send-help-message';
import { useTicket } from '../api/use-ticket';
import { useStoredTicket } from '../hooks/use-stored-ticket';
import { ChatComposer } from './chat-composer';
import { ChatStateCard, ChatEmptyState, ChatSkeleton } from './chat-states';
import { ChatThread } from './chat-thread';

/** /help-center (spec 001 §2 and §4): the customer's support chat. */
export function HelpCenterPage() {
  const { t } = useTranslation('help');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const { isLoggedIn } = useAuth();
  useDocumentTitle(t('chat.title'));
  const { ticket: ref, remember, forget } = useStoredTicket();
  const ticketQuery = useTicket(ref, { isLoggedIn, onGone: forget });
  const send = useSendHelpMessage(ref, remember);

  async function onSend(text: string) {
    try {
      await send.mutateAsync(text);
      return true;
    } catch (error) {
      toast({ variant: 'destructive', title: t('chat.sendError'), description: describeError(tCommon, error) });
      return false;
    }
  }

  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate('/'));
  const ticket = ticketQuery.data;
  const messages = ticket?.conversations ?? [];
  const isAwaitingAgent = messages.length > 0 && messages.every((message) => message.author_role === 'customer');
  const pendingText = send.isPending ? send.variables : undefined;

  let body;
  if (ref && ticketQuery.isPending) body = <ChatSkeleton />;
  else if (ref && ticketQuery.isError && !ticket) {
    body = (
      <ChatStateCard
        tone="error"
        text={t('chat.loadError')}
        actionLabel={t('chat.retry')}
        onAction={() => void ticketQuery.refetch()}
      />
    );
  } else if (!ref && !pendingText) body = <ChatEmptyState />;
  else {
    body = (
      <ChatThread
        messages={messages}
        mine="customer"
        labels={{ customer: t('chat.you'), agent: t('chat.agent') }}
        pendingText={pendingText}
        footer={
          <>
            {isAwaitingAgent && !pendingText && (
              <p className="mt-5 text-center text-sm text-ink-soft">{t('chat.waitingReply')}</p>
            )}
            {ticket?.status === 'closed' && (
              <p className="mt-5 text-center text-sm text-ink-soft">{t('chat.closedNotice')}</p>
            )}
          </>
        }
      />
    );
  }

  return (
    <section
      data-testid="help-center-page"
      className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-0 sm:px-4 sm:py-8"
    >
      <div className="flex h-[calc(100dvh-4rem)] min-h-[28rem] flex-col overflow-hidden border-ink/10 bg-paper-deep/60 sm:h-[min(44rem,calc(100dvh-10rem))] sm:rounded-3xl sm:border sm:shadow-soft">
        <header className="flex items-center gap-2 border-b border-ink/10 bg-white px-2 py-2 sm:px-4 sm:py-3">
          <button
            type="button"
            onClick={goBack}
            data-testid="help-back"
            aria-label={t('chat.back')}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-ink hover:bg-ink/5 focus-visible:outline-2 focus-visible:outline-rose-700"
          >
            <ArrowLeft aria-hidden className="size-5" />
          </button>
          <span
            aria-hidden
            className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-rose-50 text-rose-700 sm:inline-flex"
          >
            <LifeBuoy className="size-5" />
          </span>
          <div className="min-w-0">
            <h1 className="font-display text-xl text-ink sm:text-2xl">{t('chat.title')}</h1>
            <p className="text-xs text-ink-soft sm:text-sm">{t('chat.subtitle')}</p>
          </div>
        </header>
        {body}
        <ChatComposer onSend={onSend} isSending={send.isPending} />
      </div>
    </section>
  );
}
