import type { OwnerPhoto } from '@momentos/contract';
import { Download, Heart, Layers, Trash2, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast-store';
import { formatDate } from '@/lib/format-date';
import { useDeleteComment } from '../api/album-detail-api';
import { PhotoActions } from './photo-actions';
import { StateBadge } from './photo-tile';
import { PlaybackNotice } from './playback-notice';

interface PhotoDialogProps {
  albumId: string;
  photo: OwnerPhoto;
  /** The photo's section, when the album has sections. */
  sectionName?: string;
  onClose: () => void;
}

/** The photo large, who sent it, its section, its likes and comments (each deletable), and the moderation actions. */
export function PhotoDialog({ albumId, photo, sectionName, onClose }: PhotoDialogProps) {
  const { t, i18n } = useTranslation('albumDetail');
  const deleteComment = useDeleteComment(albumId);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/80" />
        <Dialog.Content
          data-testid="photo-dialog"
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white md:inset-8 md:flex-row md:rounded-2xl"
        >
          <div className="relative flex min-h-[50vh] flex-1 items-center justify-center bg-ink">
            {photo.kind === 'video' ? (
              <video
                data-testid="photo-video"
                src={photo.videoUrl ?? photo.originalUrl}
                poster={photo.urlFoto}
                controls
                playsInline
                className="max-h-[70vh] max-w-full md:max-h-full"
              />
            ) : (
              <img
                src={photo.urlFoto}
                alt={photo.originalName}
                className="max-h-[70vh] max-w-full object-contain md:max-h-full"
              />
            )}
            <Dialog.Close
              className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-ink"
              aria-label={t('close')}
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <aside className="flex w-full flex-col gap-4 p-5 md:w-96 md:overflow-y-auto">
            <div>
              <Dialog.Title className="text-lg font-semibold break-words text-ink">{photo.originalName}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-ink-soft">
                {t('photos.by', { name: photo.uploadedByName || t('photos.anonymous') })} ·{' '}
                {formatDate(photo.fecha, i18n.language, 'long')}
              </Dialog.Description>
              <div className="mt-2 flex items-center gap-2">
                <StateBadge state={photo.state} />
                <span className="inline-flex items-center gap-1 text-sm text-ink-soft">
                  <Heart aria-hidden className="size-4" />
                  {t('photos.likes', { count: photo.likes.length })}
                </span>
                {sectionName && (
                  <span
                    data-testid="photo-section"
                    className="inline-flex min-w-0 items-center gap-1 text-sm text-ink-soft"
                  >
                    <Layers aria-hidden className="size-4 shrink-0" />
                    <span className="truncate">{t('photos.inSection', { name: sectionName })}</span>
                  </span>
                )}
              </div>
            </div>
            <PlaybackNotice albumId={albumId} photo={photo} />
            <PhotoActions albumId={albumId} photo={photo} labelled onDeleted={onClose} />
            {/* The server names the file: the guest's own name, ending in the original's real extension. */}
            <a
              href={photo.originalUrl}
              download
              data-testid="photo-original"
              className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-rose-700 hover:underline"
            >
              <Download aria-hidden className="size-4" />
              {t('photos.original')}
            </a>
            <section>
              <h3 className="font-semibold text-ink">
                {t('photos.commentsTitle', { count: photo.comentarios.length })}
              </h3>
              {photo.comentarios.length === 0 ? (
                <p className="mt-2 text-sm text-ink-soft">{t('photos.noComments')}</p>
              ) : (
                <ul className="mt-2 grid gap-2">
                  {photo.comentarios.map((comment) => (
                    <li
                      key={comment.id}
                      data-testid="photo-comment"
                      className="flex items-start gap-2 rounded-xl bg-paper-deep p-3"
                    >
                      <div className="min-w-0 flex-1">
                        <p className="text-sm font-semibold text-ink">{comment.authorName}</p>
                        <p className="text-sm break-words text-ink">{comment.text}</p>
                      </div>
                      <button
                        type="button"
                        data-testid="comment-delete"
                        aria-label={t('photos.deleteComment')}
                        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-rose-800 hover:bg-white"
                        onClick={() => {
                          if (!window.confirm(t('photos.deleteCommentConfirm'))) return;
                          deleteComment.mutate(comment.id, {
                            onSuccess: () => toast({ variant: 'success', title: t('photos.commentDeleted') }),
                            onError: () => toast({ variant: 'destructive', title: t('moderation.failed') }),
                          });
                        }}
                      >
                        <Trash2 aria-hidden className="size-4" />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </aside>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
