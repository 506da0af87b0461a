import type { EventDetails } from '@momentos/contract';
import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format-date';

/**
 * When guests stop uploading. The server names the last day in the album's time zone, so the host
 * reads the same date wherever they look from.
 */
export function UploadWindowLine({ data, className }: { data: EventDetails; className?: string }) {
  const { t, i18n } = useTranslation('albumDetail');
  const lastDay = data.habilidades.uploadsCloseDate;
  const date = lastDay ? formatDate(lastDay, i18n.language, 'long') : '';
  const state = lastDay === null ? 'never' : data.evento.estatus ? 'open' : 'closed';
  const text = t(`uploadWindow.${state}`, { date });
  return (
    <p data-testid="album-upload-window" className={className}>
      <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
