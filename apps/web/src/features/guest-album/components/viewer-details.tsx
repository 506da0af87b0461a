import { COMMENT_MAX } from '@momentos/contract/constants';
import { clsx } from 'clsx';
import { Heart, MessageCircle, SendHorizontal } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { describeError } from '@/lib/error-message';
import type { GuestAlbumSession } from '@/lib/storage';
import type { GuestPhoto } from '../api/album-api';
import { usePhotoActions } from '../hooks/use-photo-actions';
import { JoinForm } from './join-form';

interface Props {
  albumId: string;
  photo: GuestPhoto;
  session: GuestAlbumSession;
  /** Joins as a named guest and answers the new token. */
  join: (name: string) => Promise<string>;
}

/** Who sent the photo and when, the like button and the comments. */
export function ViewerDetails({ albumId, photo, session, join }: Props) {
  const { t, i18n } = useTranslation('album');
  const { t: tCommon } = useTranslation();
  const { comments, oldestFirst, like, comment } = usePhotoActions(albumId, photo, session);
  const [text, setText] = useState('');
  const [pending, setPending] = useState<((token: string) => void) | null>(null);
  const uploadedAt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(photo.uploadedAt),
  );
  const fail = (error: unknown) =>
    toast({ variant: 'destructive', title: t('viewer.actionFailed'), description: describeError(tCommon, error) });

  /** Runs the action with the guest token, asking for the visitor's name first if there is none. */
  const withToken = (action: (token: string) => void) =>
    session.guestToken ? action(session.guestToken) : setPending(() => action);

  const toggleLike = () =>
    withToken((token) => like.mutate({ target: photo, liked: !photo.likedByMe, token }, { onError: fail }));
  const sendComment = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    withToken((token) =>
      comment.mutate({ target: photo, text: trimmed, token }, { onSuccess: () => setText(''), onError: fail }),
    );
  };

  return (
    <div className="flex flex-col gap-4 p-4 text-ink">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p data-testid="viewer-name" className="truncate font-semibold">
            {photo.originalName}
          </p>
          <p className="text-sm text-ink-soft">
            <span data-testid="viewer-uploader">{photo.uploadedByName.trim() || t('viewer.anonymous')}</span> ·{' '}
            <time dateTime={photo.uploadedAt}>{uploadedAt}</time>
          </p>
        </div>
        <button
          type="button"
          data-testid="viewer-like"
          aria-pressed={photo.likedByMe}
          aria-label={photo.likedByMe ? t('viewer.unlike') : t('viewer.like')}
          onClick={toggleLike}
          className="flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-full border border-ink/15 px-3 font-semibold hover:bg-rose-50 focus-visible:outline-2 focus-visible:outline-rose-700"
        >
          <Heart
            aria-hidden
            className={clsx(
              'size-5 transition-transform duration-150 motion-reduce:transition-none',
              photo.likedByMe ? 'scale-110 fill-rose-700 text-rose-700' : 'text-ink',
            )}
          />
          <span data-testid="viewer-like-count">{photo.likes}</span>
        </button>
      </div>

      {pending && (
        <JoinForm
          onCancel={() => setPending(null)}
          onJoin={async (name) => {
            const token = await join(name);
            pending(token);
            setPending(null);
          }}
        />
      )}

      <section aria-labelledby="viewer-comments-title" className="flex flex-col gap-3">
        <h2 id="viewer-comments-title" className="flex items-center gap-2 text-sm font-semibold text-ink-soft">
          <MessageCircle aria-hidden className="size-4" />
          {t('viewer.comments', { count: photo.comments })}
        </h2>
        {comments.isPending ? (
          <div aria-busy="true" className="h-10 animate-pulse rounded-xl bg-ink/8" />
        ) : comments.isError ? (
          <p className="text-sm text-ink-soft">{t('viewer.commentsError')}</p>
        ) : oldestFirst.length === 0 ? (
          <p className="text-sm text-ink-soft">{t('viewer.noComments')}</p>
        ) : (
          <>
            {comments.hasNextPage && (
              <Button
                variant="link"
                data-testid="viewer-earlier-comments"
                className="self-start"
                disabled={comments.isFetchingNextPage}
                aria-busy={comments.isFetchingNextPage}
                onClick={() => void comments.fetchNextPage()}
              >
                {t('viewer.earlierComments')}
              </Button>
            )}
            <ul className="flex flex-col gap-2">
              {oldestFirst.map((item) => (
                <li key={item.id} data-testid="viewer-comment" className="rounded-xl bg-paper-deep px-3 py-2">
                  <p className="text-xs font-semibold text-ink-soft">{item.authorName}</p>
                  <p className="break-words whitespace-pre-wrap">{item.text}</p>
                </li>
              ))}
            </ul>
          </>
        )}
        <form onSubmit={sendComment} className="flex items-end gap-2">
          <label htmlFor="viewer-comment-input" className="sr-only">
            {t('viewer.commentLabel')}
          </label>
          <textarea
            id="viewer-comment-input"
            data-testid="viewer-comment-input"
            rows={1}
            maxLength={COMMENT_MAX}
            value={text}
            placeholder={t('viewer.commentPlaceholder')}
            onChange={(event) => setText(event.target.value)}
            className="min-h-11 flex-1 resize-none rounded-xl border border-ink/20 bg-white px-3 py-2.5 text-base focus:border-rose-700 focus:ring-4 focus:ring-rose-700/15 focus:outline-none"
          />
          <Button
            type="submit"
            size="icon"
            data-testid="viewer-comment-send"
            aria-label={t('viewer.send')}
            disabled={!text.trim() || comment.isPending}
          >
            <SendHorizontal aria-hidden className="size-5" />
          </Button>
        </form>
        {text.length > COMMENT_MAX - 50 && (
          <p className="text-right text-xs text-ink-soft">
            {t('viewer.charsLeft', { count: COMMENT_MAX - text.length })}
          </p>
        )}
      </section>
    </div>
  );
}
