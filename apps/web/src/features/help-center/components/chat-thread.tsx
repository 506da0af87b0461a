import type { TicketMessage } from '@momentos/contract';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageTime } from '../hooks/use-message-time';
import { MessageBubble } from './message-bubble';

interface ChatThreadProps {
  messages: TicketMessage[];
  /** Whose messages go on the right: the customer's in the help center, the agents' in the console. */
  mine: TicketMessage['author_role'];
  labels: Record<TicketMessage['author_role'], string>;
  pendingText?: string;
  footer?: ReactNode;
}

/** The scrolling list of messages; it keeps the newest message in view as messages arrive. */
export function ChatThread({ messages, mine, labels, pendingText, footer }: ChatThreadProps) {
  const { t } = useTranslation('help');
  const formatTime = useMessageTime();
  const scroller = useRef<HTMLDivElement>(null);
  const count = messages.length + (pendingText ? 1 : 0);

  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [count]);

  return (
    <div
      ref={scroller}
      data-testid="chat-thread"
      className="flex-1 overflow-y-auto overscroll-contain px-3 py-4 sm:px-5"
    >
      <ol role="log" aria-live="polite" aria-label={t('chat.messagesLabel')} className="flex flex-col gap-4">
        {messages.map((message) => (
          <MessageBubble
            key={message.id}
            text={message.message}
            side={message.author_role === mine ? 'mine' : 'theirs'}
            label={labels[message.author_role]}
            time={formatTime(message.created_at)}
          />
        ))}
        {pendingText && (
          <MessageBubble text={pendingText} side="mine" label={labels[mine]} time={t('chat.sending')} isPending />
        )}
      </ol>
      {footer}
    </div>
  );
}
