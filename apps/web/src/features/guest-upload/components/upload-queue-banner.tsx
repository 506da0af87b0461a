import { CloudUpload, WifiOff } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProgressBar } from '@/components/ui/progress-bar';
import { finishedBatchOf, rememberFinishedBatch } from '../lib/finished-batch';
import { guestPassSource } from '../lib/guest-pass';
import { completedPercent, isSent } from '../lib/selection';
import type { QueuedFile, QueueStore } from '../queue/queue-store';
import { useOnline } from '../hooks/use-online';
import { isUnsettled, useUploadQueue } from '../hooks/use-upload-queue';

/**
 * On the shared album: the guest's files still on their way carry on here by themselves (a guest
 * who went to look at the album while they upload, or reopened it later), with how far they are
 * and a way back to the details on the guest page.
 */
export function UploadQueueBanner({
  albumId,
  accessCode,
  onInAlbum,
}: {
  albumId: string;
  accessCode: string;
  /** Some of the guest's files reached the album: the grid should show them. */
  onInAlbum: () => void;
}) {
  const { t } = useTranslation('album');
  const isOnline = useOnline();
  const rejoin = useMemo(() => guestPassSource(albumId, accessCode), [albumId, accessCode]);
  const onAllInAlbum = useCallback(
    (files: QueuedFile[], store: QueueStore) => {
      onInAlbum();
      rememberFinishedBatch(albumId, finishedBatchOf(files));
      void Promise.all(files.map((file) => store.remove(file.id)));
    },
    [albumId, onInAlbum],
  );
  const { files, inFlight } = useUploadQueue(albumId, { rejoin, onSettled: onInAlbum, onAllInAlbum });
  const sent = files.filter(isSent).length;
  if (!files.some(isUnsettled)) return null;
  // Bytes, as on the guest page: counted in whole files, the bar stood still while the last large one went.
  const percent = completedPercent(
    files.map((file) =>
      file.status === 'uploading' ? { ...file, sent: Math.max(file.sent, inFlight[file.id] ?? 0) } : file,
    ),
  );
  return (
    <div
      data-testid="album-upload-queue"
      role="status"
      className="mt-4 flex flex-col gap-2 rounded-2xl border border-ink/10 bg-white px-4 py-3 text-sm shadow-soft"
    >
      <p className="flex items-center gap-2 font-semibold text-ink">
        {isOnline ? (
          <CloudUpload aria-hidden className="size-4 shrink-0 text-rose-700" />
        ) : (
          <WifiOff aria-hidden className="size-4 shrink-0" />
        )}
        {isOnline ? t('uploadQueue.sending', { done: sent, total: files.length }) : t('uploadQueue.offline')}
      </p>
      <ProgressBar percent={percent} label={t('uploadQueue.progressLabel')} />
      <Link
        to={`/guest/${accessCode}`}
        className="self-start text-rose-700 underline underline-offset-2"
        data-testid="album-upload-queue-link"
      >
        {t('uploadQueue.details')}
      </Link>
    </div>
  );
}
