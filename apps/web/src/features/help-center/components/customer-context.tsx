import type { Ticket } from '@momentos/contract';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageTime } from '../hooks/use-message-time';

/** What the agent knows about the customer: e-mail (if signed in), the page they came from, their browser. */
export function CustomerContext({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('help');
  const formatTime = useMessageTime();
  // Open beside the conversation on wider screens; folded on a phone, where the thread needs the room.
  const [isOpen, setIsOpen] = useState(() => window.matchMedia?.('(min-width: 640px)').matches ?? true);
  const unknown = t('agent.context.unknown');
  const rows = [
    { key: 'email', value: ticket.customer_email ?? t('agent.visitor') },
    { key: 'page', value: ticket.metadata.page_url || unknown },
    { key: 'browser', value: ticket.metadata.browser || unknown },
    { key: 'created', value: formatTime(ticket.created_at) },
  ];
  return (
    <details
      data-testid="customer-context"
      className="group border-b border-ink/10 bg-paper px-4 text-sm"
      open={isOpen}
      onToggle={(event) => setIsOpen(event.currentTarget.open)}
    >
      {/* A flex summary loses the browser's disclosure triangle; the chevron says it folds. */}
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 font-semibold text-ink [&::-webkit-details-marker]:hidden">
        {t('agent.context.title')}
        <ChevronDown
          aria-hidden
          className="size-4 text-ink-soft transition group-open:rotate-180 motion-reduce:transition-none"
        />
      </summary>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 pb-3">
        {rows.map((row) => (
          <div key={row.key} className="contents">
            <dt className="text-ink-soft">{t(`agent.context.${row.key}`)}</dt>
            <dd data-testid={`context-${row.key}`} className="break-all text-ink">
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
