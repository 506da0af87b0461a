import type { OwnerPhoto } from '@momentos/contract';
import { Check, Eye, EyeOff, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast-store';
import { useDeletePhoto, useModeratePhoto } from '../api/album-detail-api';

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-full border border-ink/10 bg-white text-ink transition hover:bg-paper-deep ' +
  'focus-visible:outline-2 focus-visible:outline-rose-700 disabled:opacity-50';

/** Approve (pending only), hide or show, and delete with a confirmation. */
export function PhotoActions({
  albumId,
  photo,
  onDeleted,
  labelled = false,
}: {
  albumId: string;
  photo: OwnerPhoto;
  onDeleted?: () => void;
  labelled?: boolean;
}) {
  const { t } = useTranslation('albumDetail');
  const moderate = useModeratePhoto(albumId);
  const remove = useDeletePhoto(albumId);
  const run = (action: 'approve' | 'hide' | 'unhide') =>
    moderate.mutate(
      { photoId: photo.id, action },
      {
        onSuccess: () => toast({ variant: 'success', title: t(`moderation.done.${action}`) }),
        onError: () => toast({ variant: 'destructive', title: t('moderation.failed') }),
      },
    );
  const cls = labelled ? buttonClass('secondary', 'md') : iconButton;

  return (
    <div className="flex flex-wrap gap-2">
      {photo.state === 'pending' && (
        <button
          type="button"
          data-testid="photo-approve"
          className={
            labelled ? buttonClass('primary', 'md') : `${iconButton} border-emerald-200 bg-emerald-50 text-emerald-800`
          }
          disabled={moderate.isPending}
          onClick={() => run('approve')}
          aria-label={t('moderation.approve')}
        >
          <Check aria-hidden className="size-5" />
          {labelled && t('moderation.approve')}
        </button>
      )}
      {photo.state === 'hidden' ? (
        <button
          type="button"
          data-testid="photo-unhide"
          className={cls}
          disabled={moderate.isPending}
          onClick={() => run('unhide')}
          aria-label={t('moderation.unhide')}
        >
          <Eye aria-hidden className="size-5" />
          {labelled && t('moderation.unhide')}
        </button>
      ) : (
        <button
          type="button"
          data-testid="photo-hide"
          className={cls}
          disabled={moderate.isPending}
          onClick={() => run('hide')}
          aria-label={t('moderation.hide')}
        >
          <EyeOff aria-hidden className="size-5" />
          {labelled && t('moderation.hide')}
        </button>
      )}
      <ConfirmDialog
        title={t('moderation.deleteTitle')}
        description={t('moderation.deleteText')}
        confirmLabel={t('moderation.delete')}
        cancelLabel={t('cancel')}
        confirmTestId="photo-delete-confirm"
        onConfirm={() =>
          remove.mutate(photo.id, {
            onSuccess: () => {
              toast({ variant: 'success', title: t('moderation.done.delete') });
              onDeleted?.();
            },
            onError: () => toast({ variant: 'destructive', title: t('moderation.failed') }),
          })
        }
      >
        <button
          type="button"
          data-testid="photo-delete"
          className={`${cls} text-rose-800`}
          aria-label={t('moderation.delete')}
        >
          <Trash2 aria-hidden className="size-5" />
          {labelled && t('moderation.delete')}
        </button>
      </ConfirmDialog>
    </div>
  );
}
