import type { GuestMessage } from '@momentos/contract';
import { Mic } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format-date';
import { VoiceNotePlayer } from './voice-note-player';

/** One message as guests and hosts read it: who signed it and when, its words and its voice note. */
export function MessageBody({ message, badge }: { message: GuestMessage; badge?: ReactNode }) {
  const { t, i18n } = useTranslation('guestbook');
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold break-words text-ink">{message.authorName || t('host.anonymous')}</p>
        <div className="flex items-center gap-2">
          {badge}
          <time dateTime={message.createdAt} className="text-xs text-ink-soft">
            {formatDate(message.createdAt, i18n.language)}
          </time>
        </div>
      </div>
      {message.text ? (
        <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-line text-ink">{message.text}</p>
      ) : (
        <p className="mt-2 text-sm text-ink-soft italic">{t('message.voiceOnly')}</p>
      )}
      {message.voiceUrl && (
        <div className="mt-3 flex flex-col gap-1.5">
          <p className="inline-flex items-center gap-1.5 text-xs font-medium text-ink-soft">
            <Mic aria-hidden className="size-3.5" />
            {t('message.voiceNote')}
          </p>
          <VoiceNotePlayer
            url={message.voiceUrl}
            type={message.voiceType}
            durationMs={message.voiceDurationMs}
            name={message.authorName || t('host.anonymous')}
          />
        </div>
      )}
    </>
  );
}
