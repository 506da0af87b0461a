import type { OwnerPhoto } from '@momentos/contract';
import { LoaderCircle, RotateCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { describeError } from '@/lib/error-message';
import { useRetryPlayback } from '../api/album-detail-api';

/**
 * In the host's photo dialog: that a video's copy for every phone is being made, or why it could
 * not be made, with a button to try again. Nothing for photos and ready videos.
 */
export function PlaybackNotice({ albumId, photo }: { albumId: string; photo: OwnerPhoto }) {
  const { t } = useTranslation('albumDetail');
  const { t: tCommon } = useTranslation();
  const retry = useRetryPlayback(albumId);
  const playback = photo.playback;
  if (!playback || playback.state === 'ready') return null;
  if (playback.state === 'processing') {
    return (
      <p
        role="status"
        data-testid="photo-playback-processing"
        className="flex items-start gap-2 rounded-xl bg-paper-deep p-3 text-sm text-ink"
      >
        <LoaderCircle aria-hidden className="mt-0.5 size-4 shrink-0 animate-spin motion-reduce:animate-none" />
        {t('photos.playback.processingText')}
      </p>
    );
  }
  return (
    <div data-testid="photo-playback-failed" className="rounded-xl bg-rose-50 p-3 text-sm text-rose-900">
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden className="size-4 shrink-0" />
        {t('photos.playback.failedTitle')}
      </p>
      <p data-testid="photo-playback-reason" className="mt-1">
        {t(`photos.playback.failure.${playback.failure ?? 'failed'}`)}
      </p>
      <Button
        variant="secondary"
        className="mt-3"
        data-testid="photo-playback-retry"
        disabled={retry.isPending}
        onClick={() =>
          retry.mutate(photo.id, {
            onSuccess: () => toast({ variant: 'success', title: t('photos.playback.retried') }),
            onError: (error) => toast({ variant: 'destructive', title: describeError(tCommon, error) }),
          })
        }
      >
        <RotateCw aria-hidden className="size-4" />
        {t('retry')}
      </Button>
    </div>
  );
}
