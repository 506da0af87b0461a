import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/ui/progress-bar';
import { inMegabytes } from '@/lib/megabytes';
import { isSent, type SelectedFile } from '../lib/selection';

/**
 * Spec 001 §2 and §4: '{n}% completado' (the queue's bytes sent over its bytes, selection.ts, so it
 * agrees with the bytes line and the files' bars); under it, how many are in the album, on their way,
 * waiting and stopped, and the bytes sent of the whole queue.
 */
export function UploadProgress({ percent, items }: { percent: number; items: readonly SelectedFile[] }) {
  const { t } = useTranslation('guest');
  const done = items.filter(isSent).length;
  const stopped = items.filter((item) => item.status === 'failed').length;
  // A file on its way is not "waiting": said so, a large one that takes minutes does not look stuck.
  const sending = items.filter((item) => item.status === 'uploading').length;
  const waiting = items.length - done - stopped - sending;
  const sent = items.reduce((total, item) => total + (isSent(item) ? item.size : item.sent), 0);
  const size = items.reduce((total, item) => total + item.size, 0);
  return (
    <div className="flex flex-col gap-1.5">
      <ProgressBar percent={percent} label={t('progressLabel')} />
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <p data-testid="guest-queue-summary" className="text-ink-soft">
          {[
            t('queue.summary', { done, total: items.length }),
            sending > 0 ? t('queue.sending', { count: sending }) : null,
            waiting > 0 ? t('queue.waiting', { count: waiting }) : null,
            stopped > 0 ? t('queue.stopped', { count: stopped }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
          <span className="sr-only">. </span>
          <span className="block text-xs">
            {t('queue.bytes', { sent: inMegabytes(sent), total: inMegabytes(size) })}
          </span>
        </p>
        <p data-testid="guest-progress" className="font-medium text-ink" aria-live="polite">
          {t('progress', { percent })}
        </p>
      </div>
    </div>
  );
}
