import type { TicketStatus } from '@momentos/contract';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('help');
  return (
    <span
      data-testid="ticket-status"
      className={clsx(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        status === 'open' ? 'bg-emerald-50 text-emerald-800' : 'bg-ink/8 text-ink-soft',
      )}
    >
      {t(`agent.status.${status}`)}
    </span>
  );
}
